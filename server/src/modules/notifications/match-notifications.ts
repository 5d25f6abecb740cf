// Turns a match command's `Notify` events into notification rows, inside the command's transaction
// (a subscriber of match events), and publishes them after commit.
import type { MatchEvent, NotifyKind } from '@versus/common/match/events';
import type { MatchState } from '@versus/common/match/state';
import type { Tx } from '../../db/client.ts';
import type { NotificationRow } from '../../db/schema/index.ts';
import { matchSubscriber } from '../matches/index.ts';
import { adminUserIds, insertNotifications } from './notification.repository.ts';
import { notificationMessage } from './notification.texts.ts';
import type { ServerNotifyKind } from './notification.texts.ts';
import { publishNotifications } from './notify.ts';

export function matchNotification(match: MatchState, userId: number, kind: NotifyKind | ServerNotifyKind) {
  return {
    userId,
    type: kind,
    message: notificationMessage(kind, {
      matchId: match.id,
      challengerName: match.challenger.name,
      opponentName: match.opponent.name,
      bestOf: match.bestOf,
    }),
    data: { redirectUrl: `/match/${String(match.id)}`, matchId: match.id },
  };
}

/** Writes one notification per user and kind named by the events; returns the rows to publish. */
export async function writeMatchNotifications(
  tx: Tx,
  match: MatchState,
  events: readonly MatchEvent[],
  now: number,
): Promise<NotificationRow[]> {
  const rows: ReturnType<typeof matchNotification>[] = [];
  for (const event of events) {
    if (event.type === 'Notify') {
      for (const userId of new Set(event.userIds)) rows.push(matchNotification(match, userId, event.kind));
    } else if (event.type === 'NotifyAdmins') {
      for (const userId of await adminUserIds(tx)) rows.push(matchNotification(match, userId, event.kind));
    }
  }
  return insertNotifications(tx, rows, now);
}

export const matchNotificationsSubscriber = matchSubscriber({
  name: 'notifications',
  events: ['Notify', 'NotifyAdmins'],
  async inTransaction(tx, events, change) {
    const rows = await writeMatchNotifications(tx, change.record.state, events, change.now);
    return () => publishNotifications(change.ctx, rows);
  },
});
