// Every reaction to match changes, registered in one place, in the order it runs (see
// modules/matches/core/match-events.ts for the two moments, and docs/match-engine.md):
//
// | subscriber          | events                                          | when                    |
// | ------------------- | ----------------------------------------------- | ----------------------- |
// | ratings             | MatchFinished, MatchCancelled                   | in the transaction      |
// | notifications       | Notify, NotifyAdmins                            | in the tx, sent after   |
// | tournament brackets | MatchFinished, MatchCancelled, MatchDetailUpdate | in the tx, sent after  |
// | player picker       | PlayerPickerUpdate                              | after commit            |
// | game servers        | GameServerRequested, MatchFinished, MatchCancelled | in the tx: effects   |
// | webhooks            | status changes, MatchFinished, MatchDisputed, ... | in the tx: effects    |
//
// Game servers record their work (provision, release) as effects in the transaction (modules/effects):
// carried out right after the commit, and by the effects worker at start and on retry.
//
// The match room's own broadcasts (MatchDetailUpdate, OnMatchMapChange, ...) are the matches module's,
// published before the subscribers of the same event.
import type { AppContext } from './core/app-context.ts';
import { gameServerSubscriber } from './modules/game-servers/index.ts';
import { subscribeToMatches } from './modules/matches/index.ts';
import { matchNotificationsSubscriber } from './modules/notifications/index.ts';
import { pickSubscriber } from './modules/matches/index.ts';
import { ratingsSubscriber } from './modules/ratings/index.ts';
import { bracketSubscriber } from './modules/tournaments/index.ts';
import { webhookSubscriber } from './modules/webhooks/index.ts';

export function registerMatchSubscribers(ctx: AppContext): void {
  subscribeToMatches(ctx, [
    ratingsSubscriber,
    matchNotificationsSubscriber,
    bracketSubscriber,
    pickSubscriber,
    gameServerSubscriber,
    webhookSubscriber,
  ]);
}
