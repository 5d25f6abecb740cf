// Stuck matches: the admin page's list (`GET /api/v1/admin/stuck-matches`) and the repeating check that
// tells every admin once per match and stall (server/src/jobs/stuck-matches.plugin.ts). The rule itself is
// `whyStuck` (stuck-matches.ts); the thresholds are `config.stuckMatches`.
import type { StuckMatch } from '@versus/common/api/stuck-matches';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../core/app-context.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { escapeHtml } from '../../lib/html.ts';
import { createNotifications, publishNotifications } from '../notifications/index.ts';
import type { NotificationRow } from '../../db/schema/index.ts';
import { presentMatchSummary } from './admin.presenter.ts';
import { summariesOf } from './admin.repository.ts';
import { whyStuck } from './stuck-matches.ts';
import type { MatchEffectFact, StuckLimits, StuckMatchView, StuckReason } from './stuck-matches.ts';
import {
  claimNotice,
  matchFacts,
  openMatchViews,
  overMatchViewsWithFailedEffects,
} from './stuck-matches.repository.ts';

/**
 * The effects each match still owes (pending or failed), by match id. The app reads the effects outbox
 * (`listMatchEffects` of `modules/effects`, wired in `server/src/jobs/stuck-matches.plugin.ts`).
 */
export type PendingEffectsOf = (db: Db, matchIds: number[]) => Promise<Map<number, MatchEffectFact[]>>;

export const noPendingEffects: PendingEffectsOf = () => Promise.resolve(new Map<number, MatchEffectFact[]>());

export const STUCK_TEXTS = {
  notificationType: 'match-stuck',
  notification: (matchId: number, reason: string) =>
    `Match <b>#${String(matchId)}</b> is stuck: ${escapeHtml(reason)}.`,
} as const;

interface Found {
  match: StuckMatchView;
  why: StuckReason;
}

export class StuckMatches {
  constructor(
    private readonly ctx: AppContext,
    private pendingEffectsOf: PendingEffectsOf = noPendingEffects,
  ) {}

  /** Where the effects come from (the effects outbox once merged; tests give their own). */
  useEffects(pendingEffectsOf: PendingEffectsOf): void {
    this.pendingEffectsOf = pendingEffectsOf;
  }

  private limits(): StuckLimits {
    const { minutes, personHours } = this.ctx.config.stuckMatches;
    return { machineMs: minutes * 60_000, personMs: personHours * 3_600_000 };
  }

  /** Every stuck match at `now`, longest stuck first. */
  async find(now: number): Promise<Found[]> {
    const { db } = this.ctx;
    const open = [...(await openMatchViews(db)), ...(await overMatchViewsWithFailedEffects(db))];
    const ids = open.map((m) => m.id);
    const facts = await matchFacts(db, ids);
    const effects = await this.pendingEffectsOf(db, ids);
    const limits = this.limits();
    const found: Found[] = [];
    for (const match of open) {
      const around = facts.get(match.id);
      if (!around) continue;
      const why = whyStuck(match, now, { ...around, effects: effects.get(match.id) ?? [] }, limits);
      if (why) found.push({ match, why });
    }
    return found.sort((a, b) => a.why.since - b.why.since || a.match.id - b.match.id);
  }

  /** The admin page's section. */
  async list(now: number): Promise<{ data: StuckMatch[] }> {
    const found = await this.find(now);
    const summaries = new Map(
      (
        await summariesOf(
          this.ctx.db,
          found.map((f) => f.match.id),
        )
      ).map((s) => [s.id, s]),
    );
    const data: StuckMatch[] = [];
    for (const { match, why } of found) {
      const summary = summaries.get(match.id);
      if (!summary) continue;
      const shown = presentMatchSummary(summary);
      data.push({
        matchId: match.id,
        url: shown.url,
        type: shown.type,
        statusId: shown.statusId,
        statusName: shown.statusName,
        challengerTeamName: shown.challengerTeamName,
        opponentTeamName: shown.opponentTeamName,
        since: new Date(why.since).toISOString(),
        reasonKey: why.key,
        reason: why.reason,
      });
    }
    return { data };
  }

  /**
   * One pass of the repeating check: every admin is notified of each stall not notified before (one row
   * per match and reason key, claimed in the same transaction as the notifications). Returns the number of
   * stalls notified.
   */
  async notifyNew(now: number): Promise<number> {
    const { db } = this.ctx;
    let notified = 0;
    for (const { match, why } of await this.find(now)) {
      const rows = await db.transaction(async (tx): Promise<NotificationRow[]> => {
        if (!(await claimNotice(tx, match.id, why.key, new Date(now)))) return [];
        const admins = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'admin'));
        return createNotifications(
          tx,
          admins.map((a) => ({
            userId: a.id,
            type: STUCK_TEXTS.notificationType,
            message: STUCK_TEXTS.notification(match.id, why.reason),
            data: { matchId: match.id, redirectUrl: `/match/${String(match.id)}` },
          })),
          now,
        );
      });
      if (rows.length === 0) continue;
      notified += 1;
      await publishNotifications(this.ctx, rows);
    }
    return notified;
  }
}
