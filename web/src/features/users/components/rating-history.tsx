import type { RatingChange } from '@versus/common/api/users';
import { LocalTime } from '@/components/ui/local-time';
import { provisionalText } from '@versus/common/match/rating-texts';

const WIDTH = 320;
const HEIGHT = 80;

/**
 * The player's own rating (solo-queue matches move it) over time as a small line chart, with the latest
 * changes as text (the chart is decorative). Team matches move the team's rating instead, which the match
 * history shows per match; the empty state says so, so a "+75" there never sits beside "no changes" here
 * unexplained.
 */
export function RatingHistory({
  rating,
  history,
  provisional = false,
}: {
  rating: number;
  history: RatingChange[];
  /** The model is still unsure of this rating (few matches played). */
  provisional?: boolean;
}) {
  const values = [history[0]?.oldRating ?? rating, ...history.map((p) => p.newRating)];
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = max - min || 1;
  const points = values
    .map((v, i) => {
      const x = values.length === 1 ? WIDTH : (i / (values.length - 1)) * WIDTH;
      const y = HEIGHT - ((v - min) / span) * (HEIGHT - 8) - 4;
      return `${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(' ');
  const latest = [...history].reverse().slice(0, 5);
  return (
    <div className="rating-history">
      <p className="rating-value">
        Player rating <strong>{Math.round(rating)}</strong>
        {provisional && <span className="rating-provisional-text"> ({provisionalText('player')})</span>}
      </p>
      {history.length > 0 && (
        <svg className="rating-chart" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} aria-hidden="true" focusable="false">
          <polyline points={points} fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      )}
      {latest.length > 0 ? (
        <ul className="rating-changes" aria-label="Latest rating changes">
          {latest.map((p, i) => (
            <li key={`${p.createdAt}-${i}`}>
              <LocalTime iso={p.createdAt} /> {Math.round(p.oldRating)} → {Math.round(p.newRating)} (
              {p.delta > 0 ? '+' : ''}
              {Math.round(p.delta)})
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">
          The player's own rating has not changed yet: it moves with solo-queue matches. Ladder and tournament
          matches move the team's rating, shown per match under Recent matches.
        </p>
      )}
    </div>
  );
}
