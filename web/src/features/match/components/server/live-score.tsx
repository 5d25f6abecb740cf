import { useLiveScore } from '../../api/live-score';

interface LiveScoreProps {
  matchId: number;
  /** The two sides' names: the score reads "Crossfire: Red Dragons 2 - 4 Northern Wolves". */
  names: { challenger: string; opponent: string };
}

/**
 * The round score read from the game server's log, map by map, updated at each round end; each score stands
 * next to its team's name (the log's first score is the challenger's).
 */
export function LiveScore({ matchId, names }: LiveScoreProps) {
  const query = useLiveScore(matchId, true);
  const maps = query.data?.maps.filter((m) => m.firstScore !== null && m.secondScore !== null) ?? [];
  if (maps.length === 0) return null;
  return (
    <section className="match-card live-score" aria-labelledby="live-score-heading">
      <h2 id="live-score-heading">Live score</h2>
      <ul className="plain-list">
        {maps.map((m) => (
          <li key={m.id} data-testid={`live-score-${m.nameCmd}`}>
            {`${m.name}: `}
            <span className="live-score-team">{names.challenger}</span> <strong>{m.firstScore}</strong>
            {' - '}
            <strong>{m.secondScore}</strong> <span className="live-score-team">{names.opponent}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
