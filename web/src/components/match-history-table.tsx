import { Link } from 'react-router';
import type { HistoryMatch, MatchResult } from '@versus/common/api/match-history';
import { LocalTime } from '@/components/ui/local-time';
import '@/styles/results.css';

const RESULT_TEXT: Record<MatchResult, string> = {
  win: 'Win',
  loss: 'Loss',
  draw: 'Draw',
  cancelled: 'Cancelled',
  disputed: 'Disputed',
};

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/** Whose rating a change is, said on a player's page, where both kinds of match are listed. */
const RATING_OF: Record<HistoryMatch['ratingOf'], string> = {
  team: 'team rating',
  player: 'own rating',
};
const score = (m: HistoryMatch) =>
  m.score === null || m.opponentScore === null ? '–' : `${m.score} : ${m.opponentScore}`;

/**
 * Recent matches with their result in words (colour only repeats it; a walkover, an awarded result or a
 * declined challenge says how it ended), score and rating change. `perPlayer` (a player's profile) names
 * whose rating each change is: the team's or the player's own. On phones each match is a stacked block of
 * labelled rows (`data-label`), so the table never scrolls sideways.
 */
export function MatchHistoryTable({
  matches,
  caption,
  perPlayer = false,
}: {
  matches: HistoryMatch[];
  caption: string;
  perPlayer?: boolean;
}) {
  if (matches.length === 0) return <p className="muted">No matches played yet.</p>;
  return (
    <table className="data-table data-table-stack">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Date</th>
          <th scope="col">Opponent</th>
          <th scope="col">Result</th>
          <th scope="col">Score</th>
          <th scope="col">Rating change</th>
          <th scope="col">Match</th>
        </tr>
      </thead>
      <tbody>
        {matches.map((m) => (
          <tr key={m.id}>
            <td data-label="Date">
              <LocalTime iso={m.date} />
            </td>
            <td data-label="Opponent">
              {m.opponentSlug ? (
                <Link to={`/team/${m.opponentSlug}`}>{m.opponentName}</Link>
              ) : (
                (m.opponentName ?? 'TBD')
              )}
            </td>
            <td data-label="Result">
              <span className={`result result-${m.result}`}>
                {RESULT_TEXT[m.result]}
                {m.forfeit ? ' (forfeit)' : ''}
              </span>
              {m.outcomeText && <span className="history-outcome">{m.outcomeText}</span>}
            </td>
            <td data-label="Score">{score(m)}</td>
            <td data-label="Rating change">
              {m.ratingDelta === null ? '–' : signed(Math.round(m.ratingDelta))}
              {perPlayer && m.ratingDelta !== null && (
                <span className="history-rating-of"> {RATING_OF[m.ratingOf]}</span>
              )}
            </td>
            <td data-label="Match">
              <Link to={m.url}>#{m.id}</Link>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
