import { useLiveScore } from '../../api/live-score';

/** The round score read from the game server's log, map by map, updated at each round end. */
export function LiveScore({ matchId }: { matchId: number }) {
  const query = useLiveScore(matchId, true);
  const maps = query.data?.maps.filter((m) => m.firstScore !== null && m.secondScore !== null) ?? [];
  if (maps.length === 0) return null;
  return (
    <section className="match-card live-score" aria-labelledby="live-score-heading">
      <h2 id="live-score-heading">Live score</h2>
      <ul className="plain-list">
        {maps.map((m) => (
          <li key={m.id} data-testid={`live-score-${m.nameCmd}`}>
            {m.name}: <strong>{m.firstScore}</strong> - <strong>{m.secondScore}</strong>
          </li>
        ))}
      </ul>
    </section>
  );
}
