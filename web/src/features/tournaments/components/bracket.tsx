import { Link } from 'react-router';
import type {
  Bracket as BracketData,
  BracketMatch,
  BracketStage,
  BracketTeam,
  Standing,
} from '@versus/common/api/tournaments';
import { SIDE_CHALLENGER, SIDE_OPPONENT } from '@versus/common/match/state';

function Side({
  team,
  score,
  won,
  bye,
}: {
  team: BracketTeam | null;
  score: number | null;
  won: boolean;
  bye: boolean;
}) {
  return (
    <div className={won ? 'bracket-side bracket-winner' : 'bracket-side'}>
      <span className="bracket-team">{team ? team.name : bye ? 'Bye' : 'TBD'}</span>
      <span>
        {score ?? ''}
        {won && <span className="visually-hidden"> (winner)</span>}
        {won && <span aria-hidden="true"> ✓</span>}
      </span>
    </div>
  );
}

function BracketCell({ match }: { match: BracketMatch }) {
  const label =
    match.forfeit && match.statusName !== 'Both out' ? `${match.statusName} (walkover)` : match.statusName;
  return (
    <li className={match.bye ? 'bracket-match bracket-bye' : 'bracket-match'}>
      <Side
        team={match.challengerTeam}
        score={match.challengerScore}
        won={match.winnerSide === SIDE_CHALLENGER}
        bye={match.bye}
      />
      <Side
        team={match.opponentTeam}
        score={match.opponentScore}
        won={match.winnerSide === SIDE_OPPONENT}
        bye={match.bye}
      />
      {match.url ? (
        <Link className="bracket-link" to={match.url}>
          Match #{match.id} · {label}
        </Link>
      ) : (
        <span className="bracket-link muted">{label}</span>
      )}
    </li>
  );
}

function StandingsTable({ rows, swiss }: { rows: Standing[]; swiss: boolean }) {
  return (
    <div className="table-scroll">
      <table className="data-table standings-table">
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Team</th>
            <th scope="col" title="Played">
              P
            </th>
            <th scope="col" title="Wins">
              W
            </th>
            <th scope="col" title="Draws">
              D
            </th>
            <th scope="col" title="Losses">
              L
            </th>
            <th scope="col" title="Points">
              Pts
            </th>
            {swiss && (
              <th scope="col" title="Buchholz: the opponents' wins">
                Bh
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.team.id}>
              <td>{r.rank}</td>
              <td>
                <Link to={r.team.url}>{r.team.name}</Link>
              </td>
              <td>{r.played}</td>
              <td>{r.wins}</td>
              <td>{r.draws}</td>
              <td>{r.losses}</td>
              <td>{r.points}</td>
              {swiss && <td>{r.buchholz ?? 0}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Stage({ stage, title }: { stage: BracketStage; title: boolean }) {
  return (
    <section className="bracket-stage" aria-label={stage.name}>
      {title && <h3 className="section-title">{stage.name}</h3>}
      {stage.groups.map((group) => (
        <div key={group.name} className="bracket-group">
          {stage.groups.length > 1 && <h4 className="bracket-group-title">{group.name}</h4>}
          {group.standings && group.standings.length > 0 && (
            <StandingsTable rows={group.standings} swiss={stage.type === 'swiss'} />
          )}
          <div className="bracket" role="list" aria-label={`${group.name} rounds`}>
            {group.rounds.map((round) => (
              <section key={round.name} className="bracket-round" role="listitem" aria-label={round.name}>
                <h5 className="bracket-round-title">{round.name}</h5>
                <ol className="bracket-matches">
                  {round.matches.map((m, i) => (
                    <BracketCell key={m.id ?? `slot-${String(i)}`} match={m} />
                  ))}
                </ol>
              </section>
            ))}
          </div>
        </div>
      ))}
    </section>
  );
}

/**
 * Every stage of the event: elimination brackets one column per round (scrolling sideways, one column at
 * a time on a phone), round robin groups and Swiss with their tables. Winners are marked in words too.
 */
export function Bracket({ bracket }: { bracket: BracketData }) {
  if (bracket.stages.length === 0)
    return <p className="muted">The bracket is drawn when the tournament starts.</p>;
  return (
    <div className="bracket-stages">
      {bracket.stages.map((stage) => (
        <Stage key={stage.name} stage={stage} title={bracket.stages.length > 1} />
      ))}
    </div>
  );
}
