// The location vote countdown (`OnMatchAutoLocationPickerUpdate {remainingSeconds}`) is broadcast once
// per second for every open vote. Every instance runs this ticker, but each second is claimed in the
// database (`job_ticks`) by one instance only, so clients get one event per second however many
// instances run, and the count survives any one instance stopping. The value is computed from the stored
// deadline, never counted down in memory: a late or repeated event still shows the right time.
// A tick reads first and writes only when there is something to say: the open votes are one indexed read
// (`matches_status_idx`, status 11), and the second is claimed only when that read found a vote. So an
// instance with no open vote writes nothing; the claim still decides which instance speaks for a second.
import { STATUS } from '@versus/common/match/statuses';
import type { MatchState } from '@versus/common/match/state';
import type { AppContext } from '../../../core/app-context.ts';
import { RepeatingJob } from '../../../jobs/repeating-job.ts';
import { claimJobTick, openLocationVotes } from './location.repository.ts';

const JOB_NAME = 'location-countdown';

/** The spec's countdown value: -1 before the vote starts (or after it), 0 while the vote is being decided. */
export function remainingSeconds(statusId: number, deadline: number | null, now: number): number {
  if (statusId !== STATUS.locationSelect || deadline === null) return -1;
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

export function remainingSecondsOf(match: MatchState, now: number): number {
  return remainingSeconds(match.statusId, match.location.deadline, now);
}

export class LocationCountdown {
  private readonly job: RepeatingJob;

  constructor(
    private readonly ctx: AppContext,
    intervalMs: number,
  ) {
    this.job = new RepeatingJob('location countdown', intervalMs, () => this.tickOnce(), ctx.log);
  }

  start(): void {
    this.job.start();
  }

  /** Stops the timer and waits for a pass in flight. */
  stop(): Promise<void> {
    return this.job.stop();
  }

  /**
   * Publishes the countdown of every open vote if this instance claims the current second; returns how many.
   * With no open vote it claims nothing (no write at all).
   */
  async tickOnce(now: number = this.ctx.now()): Promise<number> {
    const { db } = this.ctx;
    const open = await openLocationVotes(db);
    if (open.length === 0) return 0;
    if (!(await claimJobTick(db, JOB_NAME, Math.floor(now / 1000)))) return 0;
    for (const match of open) {
      await this.ctx.publish('OnMatchAutoLocationPickerUpdate', match.id, {
        matchId: match.id,
        remainingSeconds: remainingSeconds(STATUS.locationSelect, match.deadline?.getTime() ?? null, now),
      });
    }
    return open.length;
  }
}
