import { fpsRatingColour, kdRatioColour, resultColour } from '@versus/common/stats/colour-scales';
import type { MatchStatisticsView, StatisticsTeamView } from '@versus/common/stats/statistics';
import { useState } from 'react';
import { Link } from 'react-router';
import { Flag } from '@/components/ui/flag';
import { RoundTimelineView } from './round-timeline-view';
import {
  scoreboardColumns,
  scoreboardRows,
  statText,
  TOTAL_MAP_ID,
  type ScoreboardColumn,
} from './scoreboard';

/** The colour band of a cell (docs/statistics.md, "FPS rating"), for the two rated columns. */
function cellColour(column: ScoreboardColumn, value: number | null): string | null {
  if (column.key === 'fps_rating') return fpsRatingColour(value);
  if (column.key === 'kd_ratio') return kdRatioColour(value);
  return null;
}

function TeamTable({ team, gameSlug, mapId }: { team: StatisticsTeamView; gameSlug: string; mapId: number }) {
  const columns = scoreboardColumns(gameSlug);
  // On a narrow screen the table scrolls sideways in its own box (focusable, so keys scroll it too) while the
  // name column stays put; every column is reached by scrolling.
  return (
    <div className="table-scroll" role="region" aria-label={`${team.name} scoreboard`} tabIndex={0}>
      <table className="scoreboard">
        <caption>{team.name}</caption>
        <thead>
          <tr>
            <th scope="col">Username</th>
            {columns.map((c) => (
              <th scope="col" key={c.key}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {scoreboardRows(team.players, mapId).map(({ player, stats }) => (
            <tr key={`${player.userId ?? 'x'}-${player.username}`}>
              <th scope="row">
                <Flag code={player.flag} />{' '}
                {player.userId !== null ? (
                  <Link to={`/user/${encodeURIComponent(player.username)}`}>{player.username}</Link>
                ) : (
                  player.username
                )}
              </th>
              {columns.map((c) => {
                const value = stats?.[c.key] ?? null;
                const colour = cellColour(c, value);
                return (
                  <td
                    key={c.key}
                    className={colour ? `stat-${colour}` : undefined}
                    data-colour={colour ?? undefined}
                  >
                    {statText(c.key, value)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function FullScore({ team, other }: { team: StatisticsTeamView; other: StatisticsTeamView }) {
  const colour = resultColour(team.fullScore, other.fullScore);
  return (
    <p className="overview-team">
      <span>{team.name}</span>{' '}
      <strong className={colour ? `result-${colour}` : undefined} data-colour={colour ?? undefined}>
        {team.fullScore ?? '-'}
      </strong>
    </p>
  );
}

/** Match Overview's tabs: the Scoreboard (the map strip, total first, and a table per team) and the Rounds. */
export function Scoreboard({ stats, matchId }: { stats: MatchStatisticsView; matchId: number }) {
  const [mapId, setMapId] = useState(TOTAL_MAP_ID);
  const [tab, setTab] = useState<'scoreboard' | 'rounds'>('scoreboard');
  const { firstTeam, secondTeam } = stats.teams;
  const strip = [
    {
      id: TOTAL_MAP_ID,
      name: 'Total',
      image: null,
      firstScore: firstTeam.fullScore,
      secondScore: secondTeam.fullScore,
    },
    ...stats.mapsPlayed,
  ];
  return (
    <>
      <div className="overview-scores">
        <FullScore team={firstTeam} other={secondTeam} />
        <FullScore team={secondTeam} other={firstTeam} />
      </div>
      <div role="tablist" aria-label="Overview">
        <button
          type="button"
          role="tab"
          aria-selected={tab === 'scoreboard'}
          className="overview-tab"
          onClick={() => setTab('scoreboard')}
        >
          Scoreboard
        </button>
        <button
          type="button"
          role="tab"
          aria-selected={tab === 'rounds'}
          className="overview-tab"
          onClick={() => setTab('rounds')}
        >
          Rounds
        </button>
      </div>
      {tab === 'rounds' ? (
        <div role="tabpanel" aria-label="Rounds">
          <RoundTimelineView matchId={matchId} />
        </div>
      ) : (
        <div role="tabpanel" aria-label="Scoreboard">
          <ul className="map-strip" aria-label="Maps played">
            {strip.map((m) => (
              <li key={m.id}>
                <button
                  type="button"
                  className="map-strip-item"
                  aria-pressed={m.id === mapId}
                  onClick={() => setMapId(m.id)}
                >
                  {m.image && <img src={m.image} alt="" width={64} height={36} />}
                  <span>{m.name}</span>
                  <span>
                    {m.firstScore ?? '-'} : {m.secondScore ?? '-'}
                  </span>
                </button>
              </li>
            ))}
          </ul>
          <TeamTable team={firstTeam} gameSlug={stats.gameSlug} mapId={mapId} />
          <TeamTable team={secondTeam} gameSlug={stats.gameSlug} mapId={mapId} />
        </div>
      )}
    </>
  );
}
