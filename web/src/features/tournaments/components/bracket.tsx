import { Link } from 'react-router';
import type { BracketMatch, BracketTeam, TournamentPage } from '../types';

function Side({ team, score, won }: { team: BracketTeam | null; score: number | null; won: boolean }) {
  return (
    <div className={won ? 'bracket-side bracket-winner' : 'bracket-side'}>
      <span>{team ? team.name : 'TBD'}</span>
      <span>
        {score ?? ''}
        {won && <span className="visually-hidden"> (winner)</span>}
        {won && <span aria-hidden="true"> ✓</span>}
      </span>
    </div>
  );
}

function BracketCell({ match }: { match: BracketMatch }) {
  return (
    <li className="bracket-match">
      <Side team={match.challengerTeam} score={match.challengerScore} won={match.winnerSide === 1} />
      <Side team={match.opponentTeam} score={match.opponentScore} won={match.winnerSide === 2} />
      <Link className="bracket-link" to={match.url}>
        Match #{match.id} · {match.statusName}
      </Link>
    </li>
  );
}

/** The single-elimination bracket, one column per round; winners are marked in words, not colour only. */
export function Bracket({ bracket }: { bracket: TournamentPage['bracket'] }) {
  if (bracket.rounds.length === 0)
    return <p className="muted">The bracket is drawn when the tournament starts.</p>;
  return (
    <div className="bracket">
      {bracket.rounds.map((round) => (
        <section key={round.round} className="bracket-round" aria-label={round.name}>
          <h3 className="bracket-round-title">{round.name}</h3>
          <ol className="bracket-matches">
            {round.matches.map((m) => (
              <BracketCell key={m.id} match={m} />
            ))}
          </ol>
        </section>
      ))}
    </div>
  );
}
