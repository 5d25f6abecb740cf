import type { RoundTimeline, TimelineMap } from '@versus/common/api/round-timeline';
import { ROUND_ENDING_TEXTS } from '@versus/common/stats/round-endings';
import { useState } from 'react';
import { useRoundTimeline } from '../../api/round-timeline';

const RESTORE_REASONS = { crash: 'server crash', moved: 'server change', admin: 'admin' } as const;

/** "player1 2, player4 1": the players who killed in a round, with their kills. */
function killsText(map: TimelineMap, kills: number[]): string {
  const parts = kills.flatMap((n, i) => (n > 0 ? [`${map.players[i]?.username ?? '?'} ${String(n)}`] : []));
  return parts.length > 0 ? parts.join(', ') : '-';
}

function MapRounds({ map, teamNames }: { map: TimelineMap; teamNames: RoundTimeline['teamNames'] }) {
  const winnerName = (w: TimelineMap['rounds'][number]['winner']) =>
    w === 'first' ? teamNames.first : w === 'second' ? teamNames.second : w === 'tie' ? 'Tie' : 'Unknown';
  return (
    <div className="table-scroll" role="region" aria-label={`${map.name} rounds`} tabIndex={0}>
      <table className="scoreboard round-timeline">
        <caption>{map.name}</caption>
        <thead>
          <tr>
            <th scope="col">Round</th>
            <th scope="col">Winner</th>
            <th scope="col">Ended by</th>
            <th scope="col">Score</th>
            <th scope="col">Kills</th>
          </tr>
        </thead>
        <tbody>
          {map.rounds.map((r) => {
            const restore = map.restores.find((x) => x.afterRound === r.round - 1);
            return (
              <tr
                key={r.round}
                className={restore ? 'round-after-restore' : undefined}
                data-winner={r.winner ?? undefined}
              >
                <th scope="row">{r.round}</th>
                <td>{winnerName(r.winner)}</td>
                <td>{ROUND_ENDING_TEXTS[r.ending]}</td>
                <td>
                  {r.firstScore} : {r.secondScore}
                </td>
                <td>{killsText(map, r.kills)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {map.restores.map((x) => (
        <p key={x.at} className="muted round-restore">
          Restored at {x.firstScore} : {x.secondScore} after round {x.afterRound} ({RESTORE_REASONS[x.reason]}
          ).
        </p>
      ))}
    </div>
  );
}

/** The Rounds tab of Match Overview: a map at a time, each round's winner, ending, score and kills. */
export function RoundTimelineView({ matchId }: { matchId: number }) {
  const query = useRoundTimeline(matchId);
  const [mapId, setMapId] = useState<number | null>(null);
  if (query.isPending) return <p className="muted">Loading ...</p>;
  if (query.isError) return <p className="muted">The rounds could not be loaded.</p>;
  const { maps, teamNames } = query.data;
  if (maps.length === 0) return <p className="muted">No rounds in the game server log yet.</p>;
  const shown = maps.find((m) => m.id === mapId) ?? maps[0];
  return (
    <>
      <ul className="map-strip" aria-label="Maps with rounds">
        {maps.map((m) => (
          <li key={m.id}>
            <button
              type="button"
              className="map-strip-item"
              aria-pressed={m.id === shown?.id}
              onClick={() => setMapId(m.id)}
            >
              <span>{m.name}</span>
              <span>
                {m.rounds.at(-1)?.firstScore ?? 0} : {m.rounds.at(-1)?.secondScore ?? 0}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {shown && <MapRounds map={shown} teamNames={teamNames} />}
    </>
  );
}
