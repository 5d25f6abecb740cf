import { useTeamStatsOfPage } from '../api/get-team-stats';

/** The team's map win rates (finished matches), shown beside the map preferences the veto follows. */
export function MapWinRates({ slug }: { slug: string }) {
  const maps = useTeamStatsOfPage(slug).data?.maps;
  if (!maps) return null;
  return (
    <section className="card" aria-labelledby="team-map-win-rates">
      <h2 id="team-map-win-rates" className="section-title">
        Map win rates
      </h2>
      {maps.length === 0 ? (
        <p className="muted">No finished maps yet.</p>
      ) : (
        <div className="table-scroll" role="region" aria-label="Map win rates" tabIndex={0}>
          <table className="scoreboard">
            <caption>Map win rates</caption>
            <thead>
              <tr>
                <th scope="col">Map</th>
                <th scope="col">Played</th>
                <th scope="col">Won</th>
                <th scope="col">Lost</th>
                <th scope="col">Win rate</th>
              </tr>
            </thead>
            <tbody>
              {maps.map((m) => (
                <tr key={m.mapId}>
                  <th scope="row">{m.name}</th>
                  <td>{m.played}</td>
                  <td>{m.won}</td>
                  <td>{m.lost}</td>
                  <td>{m.winRate === null ? '-' : `${String(m.winRate)}%`}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
