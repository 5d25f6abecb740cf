// The status buttons of the match room: accepting a challenge, ready or not ready, declining or cancelling,
// and which of them the viewer is offered. The commands go through the runner (row lock, decide, commit,
// publish); the flags ask the same policies the commands obey.
import { withAvailability } from '@versus/common/match/league-rules';
import { blockedReason, canAcceptChallenge, statusActions } from '@versus/common/match/policies';
import { captainSide } from '@versus/common/match/state';
import { STATUS } from '@versus/common/match/statuses';
import type { AppContext } from '../../../core/app-context.ts';
import type { UserRow } from '../../../db/schema/index.ts';
import { readAvailability } from '../../league-rules/index.ts';
import { actorOf, readMatchForView, viewerOf } from '../core/match.service.ts';
import { runMatchCommand } from '../core/match-runner.ts';
import { lineupChoice } from '../lineup/lineup-roster.repository.ts';

export const MATCH_SUCCESS_TEXTS = {
  accepted: 'Challenge was accepted successfully',
  cancelled: 'Match was cancelled successfully',
  ready: 'Match has been set to ready',
  notReady: 'Match has been set to not ready',
} as const;

export async function getStatusActions(ctx: AppContext, matchId: number, user: UserRow | null) {
  const record = await readMatchForView(ctx, matchId);
  const viewer = viewerOf(user);
  const now = ctx.now();
  let state = record.state;
  // A captain about to accept or ready up gets flags from the league rules' facts too (team sizes, players
  // playing elsewhere), read as the command would read them, so Accept and Ready are offered only when
  // the command would take them.
  const deciding = state.statusId === STATUS.challenge || state.statusId === STATUS.readyUp;
  if (deciding && captainSide(state, viewer.userId) !== null) {
    state = withAvailability(state, await readAvailability(ctx.db, state, [], null));
  }
  return {
    ...statusActions(state, viewer, now),
    canAcceptMatch: canAcceptChallenge(state, viewer, now),
    blockedReason: blockedReason(state, viewer, now),
  };
}

/** Accept; `lineup` (optional) sets the accepting captain's lineup in the same step. */
export async function acceptChallenge(ctx: AppContext, user: UserRow, matchId: number, lineup?: number[]) {
  await runMatchCommand(ctx, matchId, async (match, { tx }) => ({
    type: 'challenge.accept',
    actor: actorOf(user),
    ...(lineup === undefined ? {} : { lineup: await lineupChoice(tx, match, user.id, lineup, ctx.now()) }),
  }));
  return { message: MATCH_SUCCESS_TEXTS.accepted };
}

export async function cancelMatch(ctx: AppContext, user: UserRow, matchId: number) {
  await runMatchCommand(ctx, matchId, { type: 'match.cancel', actor: actorOf(user) });
  return { message: MATCH_SUCCESS_TEXTS.cancelled };
}

export async function setReady(ctx: AppContext, user: UserRow, matchId: number, ready: boolean) {
  await runMatchCommand(ctx, matchId, { type: 'ready.set', actor: actorOf(user), ready });
  return { message: ready ? MATCH_SUCCESS_TEXTS.ready : MATCH_SUCCESS_TEXTS.notReady };
}
