import { Link } from 'react-router';
import { LocalTime } from '@/components/ui/local-time';
import { useTournaments } from '../api/get-tournaments';

/** `/tournaments`: every tournament with its start, sign-up deadline and state. */
export function TournamentList() {
  const query = useTournaments();
  if (query.isPending) return <p className="muted">Loading ...</p>;
  if (query.isError) return <p>The tournaments could not be loaded.</p>;
  if (query.data.length === 0) return <p className="muted">There are no tournaments yet.</p>;
  return (
    <ul className="card-list">
      {query.data.map((t) => (
        <li key={t.id} className="card">
          <h2 className="section-title">
            <Link to={`/tournaments/${t.slug}`}>{t.name}</Link>
          </h2>
          {t.description && <p>{t.description}</p>}
          <p className="muted">
            {t.teamSize}v{t.teamSize} · {t.teamsCount}
            {t.maxTeams ? ` / ${t.maxTeams}` : ''} teams · starts{' '}
            <LocalTime iso={t.startDate} style="dateTime" /> ·{' '}
            {t.signupOpen ? (
              <>
                sign-up open until <LocalTime iso={t.signupDeadline} style="dateTime" />
              </>
            ) : (
              `status: ${t.status}`
            )}
          </p>
        </li>
      ))}
    </ul>
  );
}
