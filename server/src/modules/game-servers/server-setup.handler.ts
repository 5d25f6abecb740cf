// The `server-setup` effect's handler (server-restore.ts records it): configures the match's server with
// the setup of a move or a restore, after the commit, retried by the effects worker.
import { STATUS } from '@versus/common/match/statuses';
import { registerEffectHandler } from '../effects/index.ts';
import { loadMatch } from '../matches/index.ts';
import { latestRestoreId } from '../match-log/index.ts';
import { poolRuntimeOf } from './game-server.registry.ts';
import { allocationOf, hostOfMatch } from './hosts.repository.ts';
import { SERVER_SETUP, setupPayload } from './server-restore.ts';

// Idempotent: it configures only the server the match still holds under the allocation it was recorded for,
// and only while its restore is the match's latest (a later restore or a move owns the server then; an
// undone restore is gone). Running it twice restarts the map twice at the same score.
registerEffectHandler(SERVER_SETUP, async (ctx, effect) => {
  const runtime = poolRuntimeOf(ctx);
  if (!runtime) throw new Error('The game-server pool is off.');
  const payload = setupPayload.parse(effect.payload);
  const { db } = ctx;
  const record = await loadMatch(db, effect.matchId, { lock: false });
  if (record?.state.statusId !== STATUS.inProgress) return;
  const allocation = await allocationOf(db, effect.matchId);
  if (allocation?.id !== payload.allocationId || allocation.password === null) return;
  if ((await latestRestoreId(db, effect.matchId)) !== payload.restoreId) return;
  const host = await hostOfMatch(db, effect.matchId);
  if (!host || host.id !== allocation.hostId) return;
  const { maps, promodMode } = payload;
  const done = await runtime.pool.setUp(host, record, allocation.password, {
    password: allocation.password,
    ...(maps ? { maps } : {}),
    ...(promodMode ? { promodMode } : {}),
  });
  if (!done.ok) throw new Error(`${host.name} could not be configured: ${done.error}`);
});
