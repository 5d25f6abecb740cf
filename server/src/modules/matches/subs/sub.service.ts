// Substitutes: a captain brings a player in for a named lineup player of their side, one for one, before a
// result exists (not in 5, 6, 7 or 8), up to `MAX_SUBS_PER_SIDE` per side and match. Candidates: the bench,
// the side's team members not in its lineup (ladder, tournament), or the players waiting in the match's
// solo-queue. Adding one is the machine's
// `sub.add` command, run like every other change (row lock, `decide`, `version` + 1, commit, then
// `OnMatchDetailSubAdd` and `MatchDetailUpdate`); the sub is notified.
import type { SubAccess, SubCandidateView } from '@versus/common/api/subs';
import type { SubCandidate } from '@versus/common/match/commands';
import { MATCH_TEXTS, subLimit } from '@versus/common/match/match-texts';
import { canAddSub } from '@versus/common/match/policies';
import { captainSide } from '@versus/common/match/state';
import type { MatchState } from '@versus/common/match/state';
import type { AppContext } from '../../../core/app-context.ts';
import type { Db, Tx } from '../../../db/client.ts';
import type { UserRow } from '../../../db/schema/index.ts';
import { ForbiddenError, ValidationError } from '../../../errors.ts';
import { actorOf, readMatchForView, viewerOf } from '../core/match.service.ts';
import { runMatchCommand } from '../core/match-runner.ts';
import type { MatchRecord } from '../core/match-state.mapper.ts';
import { formatUsername } from '../../users/index.ts';
import { leaveSoloQueues, queueCandidates, teamCandidates } from './sub.repository.ts';

export const SUB_TEXTS = {
  added: 'Player was added as a substitute successfully',
  notCaptain: MATCH_TEXTS.subNotCaptain,
  matchOver: MATCH_TEXTS.subMatchOver,
  notAvailable: MATCH_TEXTS.subNotAvailable,
  limit: subLimit,
} as const;

export async function getSubAccess(
  ctx: AppContext,
  matchId: number,
  user: UserRow | null,
): Promise<SubAccess> {
  const record = await readMatchForView(ctx, matchId);
  return { showButton: canAddSub(record.state, viewerOf(user)) };
}

async function candidatesFor(db: Db | Tx, record: MatchRecord, userId: number): Promise<UserRow[]> {
  const side = captainSide(record.state, userId);
  if (side === null) return [];
  if (record.state.type === 'solo-queue') return queueCandidates(db, record.state.id, record.competition.id);
  const teamId = side === 1 ? record.state.challenger.teamId : record.state.opponent.teamId;
  return teamId === null ? [] : teamCandidates(db, record.state.id, teamId);
}

/** The Add Sub modal's list, for a captain of the match. */
export async function getSubCandidates(
  ctx: AppContext,
  matchId: number,
  user: UserRow,
): Promise<SubCandidateView[]> {
  const record = await readMatchForView(ctx, matchId);
  assertMayAdd(record.state, user);
  const candidates = await candidatesFor(ctx.db, record, user.id);
  return candidates.map((u) => ({
    id: u.id,
    username: u.username,
    formattedUsername: formatUsername(u),
    image: u.image,
    flag: u.flag,
  }));
}

/** The captain's lineup players a substitute may replace (their side's players now). */
export async function getReplaceable(ctx: AppContext, matchId: number, user: UserRow) {
  const record = await readMatchForView(ctx, matchId);
  const side = captainSide(record.state, user.id);
  if (side === null) return [];
  return record.state.players
    .filter((p) => p.side === side)
    .map((p) => ({ id: p.userId, username: p.username }));
}

function assertMayAdd(match: MatchState, user: UserRow): void {
  if (captainSide(match, user.id) === null) throw new ForbiddenError(SUB_TEXTS.notCaptain);
  if (!canAddSub(match, viewerOf(user))) throw new ValidationError({ validator: [SUB_TEXTS.matchOver] });
}

/** The side's candidates are read under the match's row lock, so two adds cannot both take the last place. */
export async function addSub(
  ctx: AppContext,
  user: UserRow,
  matchId: number,
  subUserId: number,
  replacesUserId: number,
) {
  await runMatchCommand(
    ctx,
    matchId,
    async (_match, { tx, record }) => ({
      type: 'sub.add',
      actor: actorOf(user),
      userId: subUserId,
      replacesUserId,
      candidates: (await candidatesFor(tx, record, user.id)).map((u): SubCandidate => ({
        userId: u.id,
        username: u.username,
        rating: u.elo,
      })),
    }),
    (tx) => leaveSoloQueues(tx, subUserId),
  );
  return { message: SUB_TEXTS.added };
}
