// The simulated game server's log for a played match: generated from the roster and the played maps (with
// the entered map scores when there are any, so log and score agree) and stored as if the server had posted
// it. Used by the demo scenarios; a real server posts its own log through the API.
import crypto from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { gameServers } from '../../db/schema/index.ts';
import { generateMatchLog, type GeneratedLog } from './log-generator.ts';
import { appendMatchLog } from '../match-log/index.ts';
import { matchLogStatistics } from './match-log-statistics.ts';
import { matchMapsWithNames, matchRoster } from './stats.repository.ts';

/** A stable fake CoD4 GUID (32 hex characters) for a user of the demo world. */
export function demoGuid(userId: number): string {
  return crypto.createHash('sha256').update(`versus-demo-guid-${userId}`).digest('hex').slice(0, 32);
}

/**
 * Generates the match's log (seeded) and stores it in batches of `batchSize` lines through the match's game
 * server (the newest server row of the match; throws when it has none). In-game names are the usernames.
 * Returns the generated log, whose `results` are the map scores it carries.
 */
export async function recordSimulatedMatchLog(
  db: Db,
  matchId: number,
  options: {
    seed: number;
    now: Date;
    batchSize?: number;
    /** Map results to play (in play order) instead of the entered scores; maps after the list are not played. */
    results?: readonly { challengerRounds: number; opponentRounds: number }[];
    /** Stop the log after this many rounds (the last map still in play, as a log read mid-match); the
     *  returned `results` stay those of the whole maps. */
    untilRound?: number;
  },
): Promise<GeneratedLog> {
  const [server] = await db
    .select({ id: gameServers.id })
    .from(gameServers)
    .where(eq(gameServers.matchId, matchId))
    .orderBy(desc(gameServers.id))
    .limit(1);
  if (!server) throw new Error(`Match ${matchId} has no game server to post a log from.`);
  const roster = await matchRoster(db, matchId);
  const played = (await matchMapsWithNames(db, matchId)).filter((m) => m.mapOrder !== null);
  const player = (r: (typeof roster)[number]) => ({ guid: demoGuid(r.userId), name: r.username });
  const log = generateMatchLog({
    seed: options.seed,
    challenger: roster.filter((r) => r.side === 1).map(player),
    opponent: roster.filter((r) => r.side === 2).map(player),
    maps: options.results
      ? options.results.flatMap((r, i) => {
          const map = played[i];
          return map ? [{ nameCmd: map.nameCmd, ...r }] : [];
        })
      : played.map((m) =>
          m.firstScore !== null && m.secondScore !== null
            ? { nameCmd: m.nameCmd, challengerRounds: m.firstScore, opponentRounds: m.secondScore }
            : { nameCmd: m.nameCmd },
        ),
  });
  if (options.untilRound !== undefined) {
    const roundEnds = log.lines.flatMap((line, i) => (/ RW;/.test(line) ? [i] : []));
    const last = roundEnds[options.untilRound - 1];
    if (last !== undefined) log.lines = log.lines.slice(0, last + 1);
  }
  const size = options.batchSize ?? 500;
  for (let i = 0; i < log.lines.length; i += size) {
    const lines = log.lines.slice(i, i + size);
    await db.transaction((tx) =>
      appendMatchLog(
        tx,
        server.id,
        { matchId, batchId: `simulated-${options.seed}-${i}`, lines, now: options.now },
        matchLogStatistics,
      ),
    );
  }
  return log;
}
