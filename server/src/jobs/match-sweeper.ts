// The deadline sweeper: every instance runs one. Each pass claims due matches one at a time with
// `FOR UPDATE SKIP LOCKED` (another instance, a person's click or an earlier pass holding the row lock
// simply makes it skip that match) and runs, in the same transaction, the command a person would have
// sent, through the same runner. It loops until nothing is due, so after a restart every overdue turn is
// applied at once, in order: a veto or pick timeout is applied as of its deadline (the next turn's
// clock starts from there), so a long outage catches up step by step exactly as if it had not happened.
//
// A pass that finds nothing due costs one read. It begins with one probe (`dueSources`): a single SELECT of
// one EXISTS per source (tournaments due to start, round windows closed, start reminders, ladder seasons,
// solo-queue pops, clocked matches, matches waiting for a pool server), each on the columns a partial or
// plain index covers, with the same `now` and the same condition as the step itself. A step runs when its
// source has something due, or when an earlier step of this pass changed something (a started bracket makes
// round-1 matches, a round window's forfeit finishes a match, ...; a step that failed counts as a change),
// so the order and the work within a pass are as before.
// Nothing is put off: the probe runs every interval on every instance and reads the database, not memory,
// so a deadline written by another instance, before a restart or by a test's fake clock is seen on the next
// pass exactly as before. A step whose source was empty at the probe but filled just after runs next pass.
import { CLOCKED_STATUSES, clockOf, MATCH_CLOCKS, timeoutCommand } from '@versus/common/match/clocks';
import type { ClockedStatus, MatchClockName } from '@versus/common/match/clocks';
import { isStatusId } from '@versus/common/match/statuses';
import { STATUS } from '@versus/common/match/statuses';
import { and, asc, eq, lte, notInArray, or, sql } from 'drizzle-orm';
import type { AppContext } from '../core/app-context.ts';
import {
  gameServerWaits,
  ladderSeasons,
  matches,
  soloQueuePops,
  tournamentRoundWindows,
  tournaments,
} from '../db/schema/index.ts';
import { applyInTransaction, publishOutcome } from '../modules/matches/index.ts';
import type { CommandOutcome } from '../modules/matches/index.ts';
import { rollLadderSeasons, seasonEndDue, seasonStartDue } from '../modules/ladders/index.ts';
import {
  applyRoundWindowDeadlines,
  roundWindowDue,
  roundWindowOfMatch,
  startDueTournaments,
  tournamentStartDue,
} from '../modules/tournaments/index.ts';
import { popDue, sweepQueuePops } from '../modules/solo-queue/index.ts';
import { RepeatingJob } from './repeating-job.ts';
import { reminderDue, sendStartReminders } from './start-reminders.ts';
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

/** Which of the sweeper's sources have something due at a pass's `now` (see `dueSources`). */
export interface DueSources {
  tournaments: boolean;
  roundWindows: boolean;
  reminders: boolean;
  seasons: boolean;
  pops: boolean;
  matches: boolean;
  waits: boolean;
}

/**
 * One read: for each source of the sweeper, whether anything is due at `now`. Each EXISTS is the step's own
 * due condition (without its skip list and row locks), so a false here means the step would find nothing.
 */
export async function dueSources(ctx: AppContext, now: number): Promise<DueSources> {
  const { db } = ctx;
  const at = new Date(now);
  const one = { one: sql`1` };
  const exists = (query: { getSQL(): ReturnType<typeof sql> }) => sql<boolean>`exists (${query})`;
  const [row] = await db
    .select({
      tournaments: exists(db.select(one).from(tournaments).where(tournamentStartDue(at))),
      roundWindows: exists(
        db
          .select(one)
          .from(matches)
          .innerJoin(tournamentRoundWindows, roundWindowOfMatch)
          .where(roundWindowDue(at)),
      ),
      reminders: exists(db.select(one).from(matches).where(reminderDue(now))),
      seasons: exists(
        db
          .select(one)
          .from(ladderSeasons)
          .where(or(seasonEndDue(at), seasonStartDue(at))),
      ),
      pops: exists(db.select(one).from(soloQueuePops).where(popDue(at))),
      matches: exists(db.select(one).from(matches).where(dueCondition(at))),
      waits: exists(
        db
          .select(one)
          .from(gameServerWaits)
          .innerJoin(matches, eq(matches.id, gameServerWaits.matchId))
          .where(eq(matches.statusId, STATUS.inProgress)),
      ),
    })
    .from(sql`(select 1) as probe`);
  if (!row) throw new Error('sweeper: the due probe returned no row');
  return row;
}

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
    const due = await dueSources(this.ctx, now);
    // A step runs when its source has something due, or once an earlier step of this pass changed (or failed
    // part-way through, which may have changed) something.
    let changed = false;
    const step = async (name: string, isDue: boolean, run: () => Promise<number>) => {
      if (!isDue && !changed) return;
      const count = await run().catch((err: unknown) => {
        this.ctx.log.error({ err }, `sweeper: ${name} failed`);
        return 1; // it may have changed something before failing: the later steps run as they used to
      });
      if (count > 0) changed = true;
    };
    // Tournaments due to start get their bracket first, so their round-1 matches are due in this pass.
    await step('starting tournaments', due.tournaments, () => startDueTournaments(this.ctx, now));
    // Tournament matches whose round window closed with no agreed time: the admin's default time or forfeit.
    await step('applying round window deadlines', due.roundWindows, () =>
      applyRoundWindowDeadlines(this.ctx, now),
    );
    // Agreed starts within 15 minutes: the players' reminder and the webhook event, before the start itself.
    await step('sending start reminders', due.reminders, () => sendStartReminders(this.ctx, now));
    // Ladder seasons that end or start now: final standings kept, ratings softly reset.
    await step('rolling ladder seasons', due.seasons, () => rollLadderSeasons(this.ctx, now));
    // Solo-queue pops past their deadline: whoever had not accepted leaves, the rest wait again.
    await step('ending ready checks', due.pops, () => sweepQueuePops(this.ctx, now));
    let applied = 0;
    if (due.matches || changed) {
      const skip: number[] = [];
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
    }
    if (applied > 0) changed = true;
    // Matches waiting for a pool server try again (one allocation at a time, under the server's row lock).
    await step('game server retry', due.waits, async () => {
      await gameServersOf(this.ctx).retryWaiting();
      return 0;
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
