import type { WinProbability } from '@versus/common/api/matches';
import type { MatchRatings, RatingEntry, SkillSnapshot } from '@versus/common/api/ratings';
import { useMatchRatings } from '../../api/ratings';

const percent = (p: number) => `${Math.round(p * 100)}%`;
const num = (x: number | null) => (x === null ? '–' : x.toFixed(2));
const signed = (x: number) => (x > 0 ? `+${x}` : String(x));

const SUBJECT: Record<RatingEntry['subject'], string> = {
  player: 'Player',
  team: 'Team rating',
  ladder: 'Ladder standing',
};

/** Both sides' chance to win, as a split bar with the two percentages. */
export function WinProbabilityBar({
  winProbability,
  names,
}: {
  winProbability: WinProbability;
  names: { challenger: string; opponent: string };
}) {
  const c = percent(winProbability.challenger);
  const o = percent(winProbability.opponent);
  return (
    <div className="win-probability">
      <p className="win-probability-legend">
        <span>
          {names.challenger} <strong data-testid="win-probability-challenger">{c}</strong>
        </span>
        <span>
          <strong data-testid="win-probability-opponent">{o}</strong> {names.opponent}
        </span>
      </p>
      <div
        className="win-probability-bar"
        role="img"
        aria-label={`Win probability: ${names.challenger} ${c}, ${names.opponent} ${o}`}
      >
        <span className="win-probability-challenger" style={{ width: c }} />
      </div>
    </div>
  );
}

function Belief({ snapshot }: { snapshot: SkillSnapshot }) {
  return (
    <>
      <span className="rating-number">{snapshot.rating}</span>
      {snapshot.provisional && <span className="tag rating-provisional">provisional</span>}
      <span className="rating-belief">
        μ {num(snapshot.mu)} σ {num(snapshot.sigma)}
      </span>
    </>
  );
}

function Row({ entry, ratings }: { entry: RatingEntry; ratings: MatchRatings }) {
  const p = ratings.winProbability[entry.side];
  const outcome =
    ratings.outcome === null
      ? null
      : ratings.outcome === 'draw'
        ? 'draw'
        : ratings.outcome === entry.side
          ? 'win'
          : 'loss';
  return (
    <tr>
      <th scope="row">
        {entry.name}
        <span className="rating-subject">{SUBJECT[entry.subject]}</span>
      </th>
      <td data-label="Before">
        <Belief snapshot={entry.before} />
      </td>
      <td data-label="Win chance">{percent(p)}</td>
      {ratings.rated && (
        <>
          <td data-label="Result">{outcome}</td>
          <td data-label="After">{entry.after && <Belief snapshot={entry.after} />}</td>
          <td
            data-label="Change"
            className={entry.delta !== null && entry.delta < 0 ? 'score-elo-loss' : 'score-elo-win'}
          >
            {entry.delta !== null && signed(entry.delta)}
          </td>
        </>
      )}
    </tr>
  );
}

/**
 * The match's rating breakdown: the win probability, and per rated player or team the model's inputs
 * (rating, μ, σ, the side's chance) and, once rated, the result, the belief after it and the change.
 */
export function RatingBreakdown({
  matchId,
  winProbability,
  names,
}: {
  matchId: number;
  winProbability: WinProbability;
  names: { challenger: string; opponent: string };
}) {
  const ratings = useMatchRatings(matchId);
  const data = ratings.data;
  return (
    <section className="match-card rating-breakdown" aria-labelledby={`ratings-${matchId}`}>
      <h2 id={`ratings-${matchId}`}>Win probability and ratings</h2>
      <WinProbabilityBar winProbability={winProbability} names={names} />
      {data && (
        <>
          <div className="table-scroll">
            <table className="rating-table">
              <caption className="visually-hidden">
                {data.rated ? 'Rating changes of this match' : 'Ratings this match will be rated with'}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{data.rated ? 'Rated' : 'Rated on'}</th>
                  <th scope="col">Before</th>
                  <th scope="col">Win chance</th>
                  {data.rated && (
                    <>
                      <th scope="col">Result</th>
                      <th scope="col">After</th>
                      <th scope="col">Change</th>
                    </>
                  )}
                </tr>
              </thead>
              <tbody>
                {(['challenger', 'opponent'] as const).flatMap((side) =>
                  data.entries
                    .filter((e) => e.side === side)
                    .map((e) => (
                      <Row key={`${e.subject}-${e.userId ?? e.teamId ?? 0}`} entry={e} ratings={data} />
                    )),
                )}
              </tbody>
            </table>
          </div>
          <p className="rating-model muted">
            {data.model.name}. Rating = {data.model.ratingStart} + {Math.round(data.model.pointsPerMu)} × (μ −{' '}
            {data.model.z}σ); provisional while σ &gt; {data.model.provisionalSigma}.
          </p>
        </>
      )}
    </section>
  );
}
