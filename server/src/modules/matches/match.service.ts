// The match room's reads and a person's commands. Reads are shaped by presenters from the same state
// and policies the commands obey; commands go through the runner (row lock, decide, commit, publish).
import type { VetoSelectAnswer } from '@versus/common/api/matches';
import type { Actor } from '@versus/common/match/commands';
import { vetoMapSelected } from '@versus/common/match/match-texts';
import { withAvailability } from '@versus/common/match/league-rules';
import { blockedReason, canAcceptChallenge, canType, statusActions } from '@versus/common/match/policies';
import { captainSide } from '@versus/common/match/state';
import { STATUS } from '@versus/common/match/statuses';
import type { Viewer } from '@versus/common/match/policies';
import type { AppContext } from '../../core/app-context.ts';
import type { PublishOptions } from '../../realtime/index.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { readAvailability } from '../league-rules/index.ts';
import { presentMatchDetail } from './match-detail.presenter.ts';
import { matchModule } from './match-module.ts';
import { runMatchCommand } from './match-runner.ts';
import { readMatch, readMatchEntry } from './match-reads.ts';
import type { Presented } from './match-read-cache.ts';
import type { MatchRecord } from './match-state.mapper.ts';
import { presentVetoMatch } from './veto.presenter.ts';
import type { VetoMatchView } from './veto.presenter.ts';
import { lineupChoice } from './lineup-roster.repository.ts';

export { readMatch, readMatchEntry };

export const MATCH_SUCCESS_TEXTS = {
  accepted: 'Challenge was accepted successfully',
  cancelled: 'Match was cancelled successfully',
  ready: 'Match has been set to ready',
  notReady: 'Match has been set to not ready',
} as const;

export function viewerOf(user: UserRow | null): Viewer {
  return { userId: user?.id ?? null, isAdmin: user?.role === 'admin' };
}

export function actorOf(user: UserRow): Actor {
  return { userId: user.id, isAdmin: user.role === 'admin' };
}

/** `readMatchEntry`'s record: for the match room's reads (GET), never before a write. */
export async function readMatchForView(ctx: AppContext, matchId: number): Promise<MatchRecord> {
  return (await readMatchEntry(ctx, matchId)).record;
}

/** The veto-shaped match (the same for every viewer) and its JSON body `{"data": ...}`, built once per entry. */
export async function getVetoMatchAnswer(
  ctx: AppContext,
  matchId: number,
): Promise<Presented<VetoMatchView>> {
  const entry = await readMatchEntry(ctx, matchId);
  return entry.present('veto', () => {
    const view = presentVetoMatch(entry.record);
    return { view, body: JSON.stringify({ data: view }) };
  });
}

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

/**
 * The detail page's JSON body `{"data": ...}` for the viewer. The page differs between viewers only in
 * `canType`, so each entry presents and encodes (through the route's answer schema, as Fastify would) at
 * most two bodies, whoever asks.
 */
export async function getMatchDetailBody(
  ctx: AppContext,
  matchId: number,
  user: UserRow | null,
  encode: (answer: { data: ReturnType<typeof presentMatchDetail> }) => string,
): Promise<string> {
  const entry = await readMatchEntry(ctx, matchId);
  const viewer = viewerOf(user);
  const typing = canType(entry.record.state, viewer);
  return entry.present(`detail:${String(typing)}`, () => {
    const view = presentMatchDetail(entry.record, {
      viewer,
      newMatchHandlingFrom: ctx.config.matches.newMatchHandlingFrom,
      ratingStart: matchModule(ctx).rules.ratingStart,
    });
    return { view, body: encode({ data: view }) };
  }).body;
}

/** Accept; `lineup` (optional) sets the accepting captain's lineup in the same step. */
export async function acceptChallenge(ctx: AppContext, user: UserRow, matchId: number, lineup?: number[]) {
  await runMatchCommand(ctx, matchId, async (match, { tx }) => ({
    type: 'challenge.accept',
    actor: actorOf(user),
    ...(lineup === undefined ? {} : { lineup: await lineupChoice(tx, match, user.id, lineup) }),
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

/**
 * A veto turn. The answer carries the match after it (as `OnMatchMapChange` does), so the clicking tab,
 * which that broadcast leaves out (`requester`), needs no refetch.
 */
export async function selectVetoMap(
  ctx: AppContext,
  user: UserRow,
  matchId: number,
  mapId: number,
  requester?: PublishOptions,
): Promise<VetoSelectAnswer> {
  const outcome = await runMatchCommand(
    ctx,
    matchId,
    { type: 'veto.select', actor: actorOf(user), mapId },
    undefined,
    requester,
  );
  const name = outcome.record.state.maps.find((m) => m.mapId === mapId)?.name ?? 'Map';
  return { message: vetoMapSelected(name), data: presentVetoMatch(outcome.record) };
}
