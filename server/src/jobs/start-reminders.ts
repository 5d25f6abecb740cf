// The 15-minute reminder of an agreed start (docs/scheduling.md): a step of the deadline sweeper. Each due
// match (status 3, a start both captains agreed, not reminded yet, starting within 15 minutes) is claimed
// with `FOR UPDATE SKIP LOCKED`; in that transaction its reminder is marked sent, every rostered player gets
// a notification and the `match.starting-soon` webhook event is recorded in the effects outbox; after the
// commit the notifications are published and the deliveries started (the pass does not wait for the
// receiver: a dead one would hold every later deadline). A new agreed time clears the mark.
import { matchPlayerIds } from '@versus/common/match/decision';
import { STATUS } from '@versus/common/match/statuses';
import { and, asc, eq, isNull, lte, notInArray } from 'drizzle-orm';
import type { AppContext } from '../core/app-context.ts';
import { matches } from '../db/schema/index.ts';
import { loadMatch } from '../modules/matches/index.ts';
import {
  createNotifications,
  matchNotification,
  publishNotifications,
} from '../modules/notifications/index.ts';
import { recordMatchStartingSoon, startSending } from '../modules/webhooks/index.ts';

/** How long before an agreed start the players are reminded. */
export const START_REMINDER_MS = 15 * 60_000;

/**
 * A match whose reminder is due at `now`: scheduled, its start agreed and within START_REMINDER_MS, not
 * reminded yet (the sweeper's probe uses the same condition).
 */
export function reminderDue(now: number) {
  return and(
    eq(matches.statusId, STATUS.scheduled),
    eq(matches.timeAgreed, true),
    isNull(matches.startRemindedAt),
    lte(matches.startDate, new Date(now + START_REMINDER_MS)),
  );
}

/** Sends every reminder due at `now`; returns how many matches were reminded. */
export async function sendStartReminders(ctx: AppContext, now: number): Promise<number> {
  const skip: number[] = [];
  let sent = 0;
  for (;;) {
    let claimed: number | null = null;
    try {
      const done = await ctx.db.transaction(async (tx) => {
        const [due] = await tx
          .select({ id: matches.id })
          .from(matches)
          .where(and(reminderDue(now), skip.length > 0 ? notInArray(matches.id, skip) : undefined))
          .orderBy(asc(matches.startDate), asc(matches.id))
          .limit(1)
          .for('update', { skipLocked: true });
        if (!due) return null;
        claimed = due.id;
        const record = await loadMatch(tx, due.id, { lock: false });
        await tx
          .update(matches)
          .set({ startRemindedAt: new Date(now) })
          .where(eq(matches.id, due.id));
        if (!record) return { rows: [], deliveries: [] };
        const rows = await createNotifications(
          tx,
          matchPlayerIds(record.state).map((userId) =>
            matchNotification(record.state, userId, 'match-starting-soon'),
          ),
          now,
        );
        const deliveries = await recordMatchStartingSoon(ctx, tx, record, now);
        return { rows, deliveries };
      });
      if (done === null) break;
      sent += 1;
      await publishNotifications(ctx, done.rows);
      startSending(ctx, done.deliveries);
    } catch (err) {
      if (claimed === null) throw err;
      ctx.log.error({ err, matchId: claimed }, 'sweeper: a start reminder failed');
      skip.push(claimed);
    }
  }
  return sent;
}
