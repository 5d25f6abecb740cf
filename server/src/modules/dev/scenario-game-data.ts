// What the game integration would have recorded for a demo match: anticheat heartbeats and screenshots
// while it is in progress, then the simulated game server's log (statistics and log scores). Used by the
// `finished` scenario, through the same services the anticheat client and the game server reach.
import type { UserRow } from '../../db/schema/index.ts';
import { ConflictError, NotFoundError } from '../../errors.ts';
import type { FileStorage } from '../../storage/index.ts';
import type { AppContext } from '../../core/app-context.ts';
import { recordHeartbeat } from '../anticheat/index.ts';
import { gameServersOf } from '../game-servers/index.ts';
import { loadMatch } from '../matches/index.ts';
import { uploadScreenshot } from '../screenshots/index.ts';
import { demoGuid, recordSimulatedMatchLog } from '../statistics/index.ts';
import { encodePng } from './demo-png.ts';

const HEARTBEAT_MS = 30_000;
const HEARTBEATS = 4;

async function matchUsers(ctx: AppContext, matchId: number): Promise<UserRow[]> {
  const record = await loadMatch(ctx.db, matchId, { lock: false });
  if (!record) throw new NotFoundError('Match not found.');
  return record.state.players
    .filter((p) => p.side !== -1)
    .map((p) => record.users.get(p.userId))
    .filter((u): u is UserRow => u !== undefined);
}

/** A small "screenshot": a gradient tinted per player, so the list shows distinct images. */
function demoScreenshot(seed: number): Buffer {
  return encodePng(64, 36, (x, y) => [(x * 4 + seed * 40) % 256, y * 7, (seed * 90 + x + y) % 256]);
}

/**
 * While the match is in progress: every player's anticheat client beat every 30 s for the last two minutes
 * (so the badges read "running" and the history has several rows), and the two captains' clients sent a
 * screenshot each (only when a file storage is given).
 */
export async function recordDemoAnticheat(
  ctx: AppContext,
  matchId: number,
  storage: FileStorage | null,
): Promise<void> {
  const now = ctx.now();
  const players = await matchUsers(ctx, matchId);
  for (let beat = HEARTBEATS - 1; beat >= 0; beat -= 1) {
    for (const user of players) {
      const input = { matchId, inGameName: user.username, guid: demoGuid(user.id) };
      await recordHeartbeat(ctx.db, user, input, now - beat * HEARTBEAT_MS);
    }
  }
  if (!storage) return;
  const record = await loadMatch(ctx.db, matchId, { lock: false });
  const captains = [record?.state.challenger.captainUserId, record?.state.opponent.captainUserId];
  for (const [i, captainId] of captains.entries()) {
    const captain = players.find((u) => u.id === captainId);
    if (!captain) continue;
    await uploadScreenshot(
      ctx.db,
      storage,
      captain,
      {
        matchId,
        bytes: demoScreenshot(i + matchId),
        inGameName: captain.username,
        now: new Date(now),
      },
      {
        perMatch: ctx.config.screenshots.maxPerMatch,
        perUserPerMatch: ctx.config.screenshots.maxPerUserPerMatch,
      },
    );
  }
}

/**
 * The match's game server, if the veto's request has not produced one yet (it runs in the background after
 * the veto's commit; the simulated server may also have failed to bind a port). Call it while the match is
 * in progress: the pool allocates only to matches in play. `required`: a scenario that posts the server's
 * log is refused (409) when the match got no server (every one taken, or the embedded default at its cap).
 */
export async function provisionDemoServer(
  ctx: AppContext,
  matchId: number,
  options: { required: boolean },
): Promise<void> {
  const servers = gameServersOf(ctx);
  await servers.provisionForMatch(matchId);
  if (options.required && !(await servers.findForMatch(matchId))) {
    throw new ConflictError(
      `No game server is available for match #${String(matchId)}, so its log cannot be staged.`,
    );
  }
}

/**
 * The game server's log of the played maps (seeded by the match id, so the same match always gets the same
 * statistics), posted through the match's game server (see `provisionDemoServer`).
 */
export async function recordDemoLog(
  ctx: AppContext,
  matchId: number,
  options: Pick<Parameters<typeof recordSimulatedMatchLog>[2], 'results' | 'untilRound'> = {},
): Promise<void> {
  await recordSimulatedMatchLog(ctx.db, matchId, { seed: matchId, now: new Date(ctx.now()), ...options });
}
