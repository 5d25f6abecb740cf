// The round timeline of a match, read from its stored log (docs/statistics.md, "Round timeline"): the log is
// folded as the statistics fold it, each round's winning game team is placed on a side as the map score
// places it, and a restored map lists its restores. Pure part first, the load below.
import type { RoundTimeline, TimelineMap } from '@versus/common/api/round-timeline';
import { roundEnding } from '@versus/common/stats/round-endings';
import type { Db } from '../../db/client.ts';
import { NotFoundError } from '../../errors.ts';
import { matchLogEvents } from '../match-log/index.ts';
import { MatchLogFold, type LogMapStats, type LogRound } from './log-stats.ts';
import { sideNames } from './statistics.service.ts';
import {
  matchMapsWithNames,
  matchSummary,
  restoresOfMatch,
  statsIdentitiesOfMatch,
} from './stats.repository.ts';

export interface TimelineIdentity {
  userId: number | null;
  username: string;
  side: 1 | 2 | null;
}

export interface TimelineRestoreRow {
  reason: 'crash' | 'moved' | 'admin';
  firstScore: number;
  secondScore: number;
  attackRounds: number;
  defenceRounds: number;
  at: Date;
}

/** The side most of the round's winning game team belongs to; null when nobody or a tie of sides tells. */
function winnerSide(round: LogRound, identities: ReadonlyMap<string, TimelineIdentity>) {
  if (round.winner === 'tie') return 'tie' as const;
  let ones = 0;
  let twos = 0;
  for (const key of round.winner === 'allies' ? round.allies : round.axis) {
    const side = identities.get(key)?.side;
    if (side === 1) ones++;
    else if (side === 2) twos++;
  }
  if (ones === twos) return null;
  return ones > twos ? ('first' as const) : ('second' as const);
}

/** One map of the timeline from its fold; `identities` by log player key. */
export function timelineMap(
  map: { id: number; name: string },
  logMap: LogMapStats,
  identities: ReadonlyMap<string, TimelineIdentity>,
  restores: readonly TimelineRestoreRow[],
): TimelineMap {
  const keys = logMap.players.map((p) => p.key);
  const who = (key: string): TimelineIdentity =>
    identities.get(key) ?? {
      userId: null,
      username: logMap.players.find((p) => p.key === key)?.name ?? key,
      side: null,
    };
  const order = (side: 1 | 2 | null) => (side === null ? 3 : side);
  keys.sort(
    (a, b) => order(who(a).side) - order(who(b).side) || who(a).username.localeCompare(who(b).username),
  );
  let first = 0;
  let second = 0;
  const rounds = logMap.rounds.map((round) => {
    const winner = winnerSide(round, identities);
    if (winner === 'first') first++;
    else if (winner === 'second') second++;
    return {
      round: round.round,
      winner,
      ending: roundEnding(round.reason),
      firstScore: first,
      secondScore: second,
      kills: keys.map((key) => round.kills[key] ?? 0),
    };
  });
  return {
    id: map.id,
    name: map.name,
    players: keys.map((key) => who(key)),
    rounds,
    restores: restores.map((r) => ({
      reason: r.reason,
      afterRound: r.attackRounds + r.defenceRounds,
      firstScore: r.firstScore,
      secondScore: r.secondScore,
      at: r.at.toISOString(),
    })),
  };
}

/** The round timeline of a match; 404 when the match does not exist. */
export async function roundTimeline(db: Db, matchId: number): Promise<RoundTimeline> {
  const match = await matchSummary(db, matchId);
  if (!match) throw new NotFoundError('Match not found.');
  const [mapRows, events, identityRows, restores, teamNames] = await Promise.all([
    matchMapsWithNames(db, matchId),
    matchLogEvents(db, matchId),
    statsIdentitiesOfMatch(db, matchId),
    restoresOfMatch(db, matchId),
    sideNames(db, match),
  ]);
  // A map played twice in one log keeps its latest play, as in the statistics.
  const latest = new Map<string, LogMapStats>();
  for (const logMap of new MatchLogFold().add(events).snapshot()) latest.set(logMap.mapName, logMap);
  const maps: TimelineMap[] = [];
  for (const row of mapRows) {
    const logMap = row.mapOrder !== null ? latest.get(row.nameCmd.toLowerCase()) : undefined;
    if (!logMap || logMap.rounds.length === 0) continue;
    const identities = new Map<string, TimelineIdentity>();
    for (const r of identityRows) {
      if (r.matchMapId !== row.id) continue;
      const side = r.side === 1 || r.side === 2 ? r.side : null;
      identities.set(r.guid, { userId: r.userId, username: r.username ?? r.inGameName, side });
    }
    maps.push(
      timelineMap(
        { id: row.mapId, name: row.name },
        logMap,
        identities,
        restores.filter((r) => r.matchMapId === row.id),
      ),
    );
  }
  return { teamNames, maps };
}
