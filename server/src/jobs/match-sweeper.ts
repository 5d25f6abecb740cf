// The deadline sweeper: every instance runs one. Each pass claims due matches one at a time with
// `FOR UPDATE SKIP LOCKED` (another instance, a person's click or an earlier pass holding the row lock
// simply makes it skip that match) and runs, in the same transaction, the command a person would have
// sent, through the same runner. It loops until nothing is due, so after a restart every overdue turn is
// applied at once, in order: a veto or pick timeout is applied as of its deadline (the next turn's
// clock starts from there), so a long outage catches up step by step exactly as if it had not happened.
import { STATUS } from '@versus/common/match/statuses';
import { assertNever } from '@versus/common/match/assert-never';
import type { MatchCommand } from '@versus/common/match/commands';
import type { MatchState } from '@versus/common/match/state';
import { and, asc, eq, lte, notInArray, or, sql } from 'drizzle-orm';
import type { AppContext } from '../core/app-context.ts';
import { matches } from '../db/schema/index.ts';
import { applyInTransaction, publishOutcome } from '../modules/matches/index.ts';
import type { CommandOutcome } from '../modules/matches/index.ts';
import { rollLadderSeasons } from '../modules/ladders/index.ts';
import { startDueTournaments } from '../modules/tournaments/index.ts';
import { sweepQueuePops } from '../modules/solo-queue/index.ts';
import { RepeatingJob } from './repeating-job.ts';
import { gameServersOf } from '../modules/game-servers/index.ts';

/** A pass stops after this many changes and lets the next tick continue (keeps one pass bounded). */
const MAX_PER_PASS = 1000;

/** The command a deadline stands for, in the status the match is in now; null when nothing is due. */
export function timeoutCommand(match: MatchState): MatchCommand | null {
  const status = match.statusId;
  switch (status) {
    case 3:
      return { type: 'schedule.start' };
    case 9:
      return { type: 'ready.deadline' };
    case 2:
      return { type: 'veto.timeout', step: match.veto.step };
    case 10:
      return { type: 'pick.timeout', step: match.pick.step };
    case 11:
      return { type: 'location.deadline' };
    case 8:
      return { type: 'score.timeout' };
    case 1:
    case 4:
    case 5:
    case 6:
    case 7:
      return null;
    default:
      return assertNever(status);
  }
}

function dueCondition(now: Date) {
  return or(
    and(eq(matches.statusId, 3), lte(matches.startDate, now)),
    and(eq(matches.statusId, 9), lte(matches.readyDeadline, now)),
    and(eq(matches.statusId, 2), lte(matches.vetoDeadline, now)),
    and(eq(matches.statusId, 10), lte(matches.pickDeadline, now)),
    and(eq(matches.statusId, 11), lte(matches.locationVoteDeadline, now)),
    and(eq(matches.statusId, 8), lte(matches.scoreApprovalDeadline, now)),
  );
}

const dueAt = sql`case ${matches.statusId}
  when 3 then ${matches.startDate} when 9 then ${matches.readyDeadline} when 2 then ${matches.vetoDeadline}
  when 10 then ${matches.pickDeadline} when 11 then ${matches.locationVoteDeadline}
  else ${matches.scoreApprovalDeadline} end`;

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
          .select({
            id: matches.id,
            statusId: matches.statusId,
            vetoDeadline: matches.vetoDeadline,
            pickDeadline: matches.pickDeadline,
          })
          .from(matches)
          .where(and(dueCondition(new Date(now)), skip.length > 0 ? notInArray(matches.id, skip) : undefined))
          .orderBy(asc(dueAt), asc(matches.id))
          .limit(1)
          .for('update', { skipLocked: true });
        if (!due) return null;
        claimedId = due.id;
        // Turn timeouts happen "at" their deadline, so the following turn's clock starts there.
        const deadline =
          due.statusId === STATUS.mapVeto
            ? due.vetoDeadline
            : due.statusId === STATUS.playerSelect
              ? due.pickDeadline
              : null;
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
