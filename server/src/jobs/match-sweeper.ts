// The deadline sweeper: every instance runs one. Each pass claims due matches one at a time with
// `FOR UPDATE SKIP LOCKED` (another instance, a person's click or an earlier pass holding the row lock
// simply makes it skip that match) and runs, in the same transaction, the command a person would have
// sent, through the same runner. It loops until nothing is due, so after a restart every overdue turn is
// applied at once, in order: a veto or pick timeout is applied as of its deadline (the next turn's
// clock starts from there), so a long outage catches up step by step exactly as if it had not happened.
import { CLOCKED_STATUSES, clockOf, MATCH_CLOCKS, timeoutCommand } from '@versus/common/match/clocks';
import type { ClockedStatus, MatchClockName } from '@versus/common/match/clocks';
import { isStatusId } from '@versus/common/match/statuses';
import { and, asc, eq, lte, notInArray, or, sql } from 'drizzle-orm';
import type { AppContext } from '../core/app-context.ts';
import { matches } from '../db/schema/index.ts';
import { applyInTransaction, publishOutcome } from '../modules/matches/index.ts';
import type { CommandOutcome } from '../modules/matches/index.ts';
import { rollLadderSeasons } from '../modules/ladders/index.ts';
import { applyRoundWindowDeadlines, startDueTournaments } from '../modules/tournaments/index.ts';
import { sweepQueuePops } from '../modules/solo-queue/index.ts';
import { RepeatingJob } from './repeating-job.ts';
import { sendStartReminders } from './start-reminders.ts';
import { gameServersOf } from '../modules/game-servers/index.ts';

/** A pass stops after this many changes and lets the next tick continue (keeps one pass bounded). */
const MAX_PER_PASS = 1000;

/** The due condition of one clocked status: the match is in it and its deadline has passed. */
function dueIn(status: ClockedStatus, now: Date) {
  return and(eq(matches.statusId, status), lte(matches[MATCH_CLOCKS[status].clock], now));
}

function dueCondition(now: Date) {
  return or(...CLOCKED_STATUSES.map((status) => dueIn(status, now)));
}

/** The deadline a match waits on in its status (the table's clock), to sweep the oldest first. */
const dueAt = sql`case ${matches.statusId} ${sql.join(
  CLOCKED_STATUSES.map(
    (status) => sql`when ${sql.raw(String(status))} then ${matches[MATCH_CLOCKS[status].clock]}`,
  ),
  sql` `,
)} end`;

/** Every clock column, so the claimed row says its own deadline whatever its status. */
const clockColumns = {
  startDate: matches.startDate,
  readyDeadline: matches.readyDeadline,
  vetoDeadline: matches.vetoDeadline,
  pickDeadline: matches.pickDeadline,
  locationVoteDeadline: matches.locationVoteDeadline,
  scoreApprovalDeadline: matches.scoreApprovalDeadline,
} satisfies { [N in MatchClockName]: (typeof matches)[N] };

export class MatchSweeper {
  private readonly job: RepeatingJob;

  constructor(
    private readonly ctx: AppContext,
    intervalMs: number,
  ) {
    this.job = new RepeatingJob('sweeper', intervalMs, () => this.sweepOnce(), ctx.log);
  }

  start(): void {
    this.job.start();
  }

  /** Stops the timer and waits for a pass in flight. */
  stop(): Promise<void> {
    return this.job.stop();
  }

  /** One pass: applies everything due at `now` (epoch ms); returns how many changes were committed. */
  async sweepOnce(now: number = this.ctx.now()): Promise<number> {
    const skip: number[] = [];
    // Tournaments due to start get their bracket first, so their round-1 matches are due in this pass.
    await startDueTournaments(this.ctx, now).catch((err: unknown) => {
      this.ctx.log.error({ err }, 'sweeper: starting tournaments failed');
    });
    // Tournament matches whose round window closed with no agreed time: the admin's default time or forfeit.
    await applyRoundWindowDeadlines(this.ctx, now).catch((err: unknown) => {
      this.ctx.log.error({ err }, 'sweeper: applying round window deadlines failed');
    });
    // Agreed starts within 15 minutes: the players' reminder and the webhook event, before the start itself.
    await sendStartReminders(this.ctx, now).catch((err: unknown) => {
      this.ctx.log.error({ err }, 'sweeper: sending start reminders failed');
    });
    // Ladder seasons that end or start now: final standings kept, ratings softly reset.
    await rollLadderSeasons(this.ctx, now).catch((err: unknown) => {
      this.ctx.log.error({ err }, 'sweeper: rolling ladder seasons failed');
    });
    // Solo-queue pops past their deadline: whoever had not accepted leaves, the rest wait again.
    await sweepQueuePops(this.ctx, now).catch((err: unknown) => {
      this.ctx.log.error({ err }, 'sweeper: ending ready checks failed');
    });
    let applied = 0;
    while (applied < MAX_PER_PASS) {
      const claimed = await this.claimAndApply(now, skip);
      if (claimed === null) break;
      if (claimed.outcome) {
        applied += 1;
        await publishOutcome(claimed.outcome);
      } else {
        skip.push(claimed.matchId); // refused or failed: do not spin on it within this pass
      }
    }
    // Matches waiting for a pool server try again (one allocation at a time, under the server's row lock).
    await gameServersOf(this.ctx)
      .retryWaiting()
      .catch((err: unknown) => {
        this.ctx.log.error({ err }, 'sweeper: game server retry failed');
      });
    return applied;
  }

  private async claimAndApply(
    now: number,
    skip: number[],
  ): Promise<{ matchId: number; outcome: CommandOutcome | null } | null> {
    const { db, log } = this.ctx;
    let claimedId: number | null = null;
    try {
      return await db.transaction(async (tx) => {
        const [due] = await tx
          .select({ id: matches.id, statusId: matches.statusId, ...clockColumns })
          .from(matches)
          .where(and(dueCondition(new Date(now)), skip.length > 0 ? notInArray(matches.id, skip) : undefined))
          .orderBy(asc(dueAt), asc(matches.id))
          .limit(1)
          .for('update', { skipLocked: true });
        if (!due) return null;
        claimedId = due.id;
        // Turn timeouts happen "at" their deadline, so the following turn's clock starts there.
        const clock = isStatusId(due.statusId) ? clockOf(due.statusId) : null;
        const deadline = clock?.asOfDeadline ? due[clock.clock] : null;
        const at = deadline ? Math.min(now, deadline.getTime()) : now;
        const result = await applyInTransaction(this.ctx, tx, due.id, timeoutCommand, at);
        return { matchId: due.id, outcome: result.ok ? result.outcome : null };
      });
    } catch (err) {
      if (claimedId === null) throw err;
      log.error({ err, matchId: claimedId }, 'sweeper: applying a deadline failed');
      return { matchId: claimedId, outcome: null };
    }
  }
}
