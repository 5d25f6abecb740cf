import { Link } from 'react-router';
import type { HistoryMatch, MatchResult } from '@versus/common/api/match-history';
import { LocalTime } from '@/components/ui/local-time';

const RESULT_TEXT: Record<MatchResult, string> = {
  win: 'Win',
  loss: 'Loss',
  draw: 'Draw',
  cancelled: 'Cancelled',
  disputed: 'Disputed',
};

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));
const score = (m: HistoryMatch) =>
  m.score === null || m.opponentScore === null ? '–' : `${m.score} : ${m.opponentScore}`;

/**
 * Recent matches with their result in words (colour only repeats it), score and rating change. On phones
 * each match is a stacked block of labelled rows (`data-label`), so the table never scrolls sideways.
 */
export function MatchHistoryTable({ matches, caption }: { matches: HistoryMatch[]; caption: string }) {
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
          <th scope="col">Rating</th>
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
            </td>
            <td data-label="Score">{score(m)}</td>
            <td data-label="Rating">{m.ratingDelta === null ? '–' : signed(Math.round(m.ratingDelta))}</td>
            <td data-label="Match">
              <Link to={m.url}>#{m.id}</Link>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
