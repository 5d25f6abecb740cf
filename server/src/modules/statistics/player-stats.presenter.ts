// Shapes a player's statistics over time from their finished matches and statistics rows (pure: the rows in,
// the answer out). Every figure's definition is in docs/statistics.md ("Player profile").
import type {
  CompetitionRecord,
  FormResult,
  MapRecord,
  PlayerFigures,
  PlayerStats,
  RatingSeries,
} from '@versus/common/api/player-stats';
import { fpsRating, kdRatio, round2, type RatingCounters } from './fps-rating.ts';
import type {
  PlayedMatchRow,
  PlayerMapRow,
  playerRatingChanges,
  teamRatingChanges,
} from './player-stats.repository.ts';

/** How many of the newest matches make the recent form and the form strip. */
export const RECENT_MATCHES = 20;

type Result = 'win' | 'loss' | 'draw';
type Counters = RatingCounters & { damage: number; headshots: number; plants: number; defuses: number };

const percent = (part: number, whole: number) =>
  whole === 0 ? null : Math.round((part / whole) * 1000) / 10;

function resultOf(winnerSide: number | null, side: number): Result | null {
  if (winnerSide === null || (side !== 1 && side !== 2)) return null;
  if (winnerSide === 0) return 'draw';
  return winnerSide === side ? 'win' : 'loss';
}

function sum(rows: readonly PlayerMapRow[]): Counters {
  const total: Counters = {
    kills: 0,
    deaths: 0,
    damage: 0,
    headshots: 0,
    plants: 0,
    defuses: 0,
    roundsPlayed: 0,
    roundsSurvived: 0,
    rounds1k: 0,
    rounds2k: 0,
    rounds3k: 0,
    rounds4k: 0,
    rounds5k: 0,
  };
  for (const row of rows) for (const key of Object.keys(total) as (keyof Counters)[]) total[key] += row[key];
  return total;
}

function figures(matches: readonly PlayedMatchRow[], rows: readonly PlayerMapRow[]): PlayerFigures {
  const results = matches.map((m) => resultOf(m.winnerSide, m.side));
  const count = (r: Result) => results.filter((x) => x === r).length;
  const c = sum(rows);
  const logged = rows.length > 0;
  const rounds = c.roundsPlayed;
  return {
    matches: matches.length,
    wins: count('win'),
    losses: count('loss'),
    draws: count('draw'),
    winRate: percent(count('win'), matches.length),
    rounds,
    kills: c.kills,
    deaths: c.deaths,
    kd: logged ? kdRatio(c.kills, c.deaths) : null,
    killsPerRound: rounds === 0 ? null : round2(c.kills / rounds),
    damagePerRound: rounds === 0 ? null : Math.round((c.damage / rounds) * 10) / 10,
    headshotRate: percent(c.headshots, c.kills),
    fpsRating: fpsRating(c),
    plants: c.plants,
    defuses: c.defuses,
  };
}

/** Groups in first-seen order. */
function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

function mapWon(row: PlayerMapRow): boolean {
  if (row.firstScore === null || row.secondScore === null) return false;
  if (row.side === 1) return row.firstScore > row.secondScore;
  if (row.side === 2) return row.secondScore > row.firstScore;
  return false;
}

function mapRecords(rows: readonly PlayerMapRow[]): MapRecord[] {
  return [...groupBy(rows, (r) => r.mapId).values()]
    .map((group) => {
      const first = group[0] as PlayerMapRow;
      const c = sum(group);
      const wins = group.filter(mapWon).length;
      return {
        mapName: first.mapName,
        nameCmd: first.nameCmd,
        played: group.length,
        wins,
        winRate: percent(wins, group.length),
        kd: kdRatio(c.kills, c.deaths),
        fpsRating: fpsRating(c),
      };
    })
    .sort((a, b) => b.played - a.played || a.mapName.localeCompare(b.mapName));
}

function competitionRecords(
  matches: readonly PlayedMatchRow[],
  rowsByMatch: Map<number, PlayerMapRow[]>,
): CompetitionRecord[] {
  const groups = groupBy(
    matches,
    (m) => `${m.type}:${String(m.ladderId ?? m.tournamentId ?? m.soloQueueId ?? 0)}`,
  );
  return [...groups.values()]
    .map((group) => {
      const first = group[0] as PlayedMatchRow;
      const rows = group.flatMap((m) => rowsByMatch.get(m.id) ?? []);
      const c = sum(rows);
      const wins = group.filter((m) => resultOf(m.winnerSide, m.side) === 'win').length;
      return {
        type: first.type,
        competitionId: first.ladderId ?? first.tournamentId ?? first.soloQueueId ?? 0,
        name: first.competitionName ?? first.type,
        played: group.length,
        wins,
        winRate: percent(wins, group.length),
        kd: rows.length === 0 ? null : kdRatio(c.kills, c.deaths),
        fpsRating: fpsRating(c),
      };
    })
    .sort((a, b) => b.played - a.played || a.name.localeCompare(b.name));
}

function opponentName(m: PlayedMatchRow): string | null {
  const [team, captain] =
    m.side === 1
      ? [m.opponentTeamName, m.opponentCaptainName]
      : [m.challengerTeamName, m.challengerCaptainName];
  return team ?? (captain === null ? null : `Team ${captain}`);
}

function formStrip(matches: readonly PlayedMatchRow[]): FormResult[] {
  return matches.flatMap((m) => {
    const result = resultOf(m.winnerSide, m.side);
    if (result === null) return [];
    return [
      {
        matchId: m.id,
        url: `/match/${String(m.id)}`,
        type: m.type,
        date: m.finishedAt.toISOString(),
        result,
        opponentName: opponentName(m),
      },
    ];
  });
}

function ratingSeries(
  player: { username: string; elo: number },
  own: Awaited<ReturnType<typeof playerRatingChanges>>,
  team: Awaited<ReturnType<typeof teamRatingChanges>>,
): RatingSeries[] {
  const point = (r: { at: Date; rating: number; matchId: number | null }) => ({
    x: r.at.toISOString(),
    y: r.rating,
    matchId: r.matchId,
  });
  const series: RatingSeries[] = [
    {
      kind: 'player',
      label: `${player.username} (player rating)`,
      teamSlug: null,
      current: player.elo,
      points: own.map(point),
    },
  ];
  for (const rows of groupBy(team, (r) => r.teamId).values()) {
    const first = rows[0] as (typeof rows)[number];
    series.push({
      kind: 'team',
      label: `${first.teamName} (team rating)`,
      teamSlug: first.teamSlug,
      current: first.current,
      points: rows.map(point),
    });
  }
  return series;
}

/** The answer of `GET /api/v1/users/{username}/stats`; `matches` newest first. */
export function presentPlayerStats(
  player: { username: string; elo: number },
  matches: readonly PlayedMatchRow[],
  mapRows: readonly PlayerMapRow[],
  ownRatings: Awaited<ReturnType<typeof playerRatingChanges>>,
  teamRatings: Awaited<ReturnType<typeof teamRatingChanges>>,
): PlayerStats {
  const rowsByMatch = groupBy(mapRows, (r) => r.matchId);
  const recent = matches.slice(0, RECENT_MATCHES);
  const recentRows = recent.flatMap((m) => rowsByMatch.get(m.id) ?? []);
  // Only rows of matches the player is on the roster of count (a stray GUID match on someone else's match
  // would otherwise add figures without a match).
  const ids = new Set(matches.map((m) => m.id));
  const careerRows = mapRows.filter((r) => ids.has(r.matchId));
  return {
    username: player.username,
    career: figures(matches, careerRows),
    recent: figures(recent, recentRows),
    form: formStrip(recent),
    maps: mapRecords(careerRows),
    competitions: competitionRecords(matches, rowsByMatch),
    ratings: ratingSeries(player, ownRatings, teamRatings),
  };
}
