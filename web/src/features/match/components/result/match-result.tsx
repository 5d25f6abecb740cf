import type { MatchOutcomeView } from '@versus/common/api/outcome';

interface MatchResultProps {
  outcome: MatchOutcomeView;
  names: { challenger: string; opponent: string };
}

const shown = (score: number | null) => (score === null ? '–' : String(score));

/** One map's score with both team names, so nobody has to know which side is which. */
function MapScoreRow({
  map,
  names,
}: {
  map: MatchOutcomeView['maps'][number];
  names: MatchResultProps['names'];
}) {
  return (
    <tr>
      <th scope="row">{map.name}</th>
      <td className="result-team result-team-challenger">{names.challenger}</td>
      <td className="result-score">
        {shown(map.firstScore)} - {shown(map.secondScore)}
      </td>
      <td className="result-team result-team-opponent">{names.opponent}</td>
    </tr>
  );
}

/**
 * How the match ended, once it has: the outcome in words (a walkover, a declined challenge, a result an admin
 * awarded and why), what it did to the ratings when that is not the usual, and each played map's score,
 * which stays in the room after the match.
 */
export function MatchResult({ outcome, names }: MatchResultProps) {
  return (
    <section
      className={`match-card match-result match-result-${outcome.kind}`}
      aria-labelledby="match-result-heading"
    >
      <h2 id="match-result-heading">Result</h2>
      <p className="match-result-headline">{outcome.headline}</p>
      {outcome.detail && <p className="match-result-detail">{outcome.detail}</p>}
      {outcome.ratingsNote && <p className="match-result-note muted">{outcome.ratingsNote}</p>}
      {outcome.maps.length > 0 && (
        <table className="result-maps">
          <caption className="visually-hidden">Score of each map</caption>
          <tbody>
            {outcome.maps.map((map) => (
              <MapScoreRow key={map.id} map={map} names={names} />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
