// Game servers follow the match: provisioned when the veto ends (`GameServerRequested`), released when the
// match is over (`MatchFinished`, `MatchCancelled`). Both are effects (modules/effects): recorded in the
// deciding change's transaction, so a rolled-back change never starts or stops a server and a committed
// one always does, even when the process dies right after the commit; started just after the commit,
// without holding the change's answer (the room learns of the server from the realtime update sent once it
// is ready) and, if that fails or never happens, carried out by the effects worker with retries.
import { assertNever } from '@versus/common/match/assert-never';
import { STATUS } from '@versus/common/match/statuses';
import { recordEffect, registerEffectHandler, startEffectsNow } from '../effects/index.ts';
import { matchSubscriber } from '../matches/index.ts';
import { gameServersOf } from './game-server.registry.ts';

// Both are idempotent: provisioning skips a match that has a server or is no longer in play, releasing a
// match without a server changes nothing.
registerEffectHandler('provision', (ctx, effect) => gameServersOf(ctx).provisionForMatch(effect.matchId));
registerEffectHandler('release', (ctx, effect) => gameServersOf(ctx).destroyForMatch(effect.matchId));

export const gameServerSubscriber = matchSubscriber({
  name: 'game servers',
  events: ['GameServerRequested', 'MatchFinished', 'MatchCancelled'],
  async inTransaction(tx, events, change) {
    const matchId = change.record.state.id;
    // One effect per kind and change: the version the change started from tells changes apart.
    const key = `v${String(change.before.row.version)}`;
    const ids: number[] = [];
    for (const event of events) {
      switch (event.type) {
        case 'GameServerRequested':
          if (change.record.state.statusId !== STATUS.inProgress) break;
          ids.push(await recordEffect(tx, { matchId, kind: 'provision', key }, change.now));
          break;
        case 'MatchFinished':
        case 'MatchCancelled':
          ids.push(await recordEffect(tx, { matchId, kind: 'release', key }, change.now));
          break;
        default:
          assertNever(event);
      }
    }
    return () => {
      startEffectsNow(change.ctx, ids);
      return Promise.resolve();
    };
  },
});
