import { Link } from 'react-router';
import { useLadders } from '../api/get-ladders';

/** `/ladders`: every ladder with its size and state. */
export function LadderList() {
  const query = useLadders();
  if (query.isPending) return <p className="muted">Loading ...</p>;
  if (query.isError) return <p>The ladders could not be loaded.</p>;
  if (query.data.length === 0) return <p className="muted">There are no ladders yet.</p>;
  return (
    <ul className="card-list">
      {query.data.map((ladder) => (
        <li key={ladder.id} className="card">
          <h2 className="section-title">
            <Link to={`/ladders/${ladder.slug}`}>{ladder.name}</Link>
          </h2>
          {ladder.description && <p>{ladder.description}</p>}
          <p className="muted">
            {ladder.teamSize}v{ladder.teamSize} · {ladder.teamsCount} teams ·{' '}
            {ladder.isActive ? 'Open' : 'Closed'}
          </p>
        </li>
      ))}
    </ul>
  );
}
