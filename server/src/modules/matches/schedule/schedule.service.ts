// Match times agreed between teams (docs/scheduling.md): the Schedule panel's read, a captain's proposal and
// the other captain's acceptance. Both commands go through the runner (one transaction, the match row lock,
// `decide`, commit, then `MatchDetailUpdate` for every tab of the room); the tournament round's window is read
// under the lock and handed to the machine.
import type { ScheduleView } from '@versus/common/api/schedule';
import { scheduleActions } from '@versus/common/match/schedule';
import { sideState } from '@versus/common/match/state';
import type { ScheduleWindow } from '@versus/common/match/state';
import { STATUS } from '@versus/common/match/statuses';
import type { AppContext } from '../../../core/app-context.ts';
import type { UserRow } from '../../../db/schema/index.ts';
import { actorOf, readMatchForView } from '../core/match.service.ts';
import { runMatchCommand } from '../core/match-runner.ts';
import type { MatchRecord } from '../core/match-state.mapper.ts';
import { roundWindowOf } from './schedule.repository.ts';

export const SCHEDULE_SUCCESS_TEXTS = {
  proposed: 'Your times were proposed.',
  accepted: 'The start time is agreed.',
} as const;

const iso = (ms: number) => new Date(ms).toISOString();

/** The Schedule panel as `userId` sees it. */
export function presentSchedule(
  record: MatchRecord,
  userId: number | null,
  now: number,
  window: ScheduleWindow | null,
): ScheduleView {
  const { state } = record;
  const proposal = state.timeProposal ?? null;
  const proposer = proposal ? sideState(state, proposal.side) : null;
  const shown =
    (state.type === 'ladder' &&
      (state.statusId === STATUS.challenge || state.statusId === STATUS.scheduled)) ||
    (state.type === 'tournament' && state.statusId === STATUS.scheduled);
  return {
    startDate: state.startDate === null ? null : iso(state.startDate),
    agreed: state.timeAgreed === true,
    proposal:
      proposal && proposer
        ? {
            teamId: proposer.teamId,
            teamName: proposer.name,
            byUsername: record.users.get(proposal.byUserId)?.username ?? null,
            times: proposal.times.map(iso),
          }
        : null,
    window: window ? { opens: iso(window.opens), deadline: iso(window.deadline) } : null,
    open: shown && state.challenger.captainUserId !== null && state.opponent.captainUserId !== null,
    ...scheduleActions(state, userId, now, window),
  };
}

export async function getSchedule(ctx: AppContext, matchId: number, user: UserRow | null) {
  const record = await readMatchForView(ctx, matchId);
  const window = await roundWindowOf(ctx.db, record.row);
  return presentSchedule(record, user?.id ?? null, ctx.now(), window);
}

export async function proposeTimes(ctx: AppContext, user: UserRow, matchId: number, times: string[]) {
  let window: ScheduleWindow | null = null;
  const outcome = await runMatchCommand(ctx, matchId, async (_match, { tx, record }) => {
    window = await roundWindowOf(tx, record.row);
    return { type: 'schedule.propose', actor: actorOf(user), times: times.map(Date.parse), window };
  });
  return {
    message: SCHEDULE_SUCCESS_TEXTS.proposed,
    data: presentSchedule(outcome.record, user.id, outcome.now, window),
  };
}

export async function acceptTime(ctx: AppContext, user: UserRow, matchId: number, time: string) {
  let window: ScheduleWindow | null = null;
  const outcome = await runMatchCommand(ctx, matchId, async (_match, { tx, record }) => {
    window = await roundWindowOf(tx, record.row);
    return { type: 'schedule.accept', actor: actorOf(user), time: Date.parse(time), window };
  });
  return {
    message: SCHEDULE_SUCCESS_TEXTS.accepted,
    data: presentSchedule(outcome.record, user.id, outcome.now, window),
  };
}
