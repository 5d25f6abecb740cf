// Substitutes: a captain brings a player in for a named lineup player of their side, one for one, before a
// result exists (not in 5, 6, 7 or 8), up to `MAX_SUBS_PER_SIDE` per side and match. Candidates: the bench,
// the side's team members not in its lineup (ladder, tournament), or the players waiting in the match's
// solo-queue. Adding one is the machine's
// `sub.add` command, run like every other change (row lock, `decide`, `version` + 1, commit, then
// `OnMatchDetailSubAdd` and `MatchDetailUpdate`); the sub is notified. A lineup player who left the live
// server (game-servers/player-absence.ts) is given DISCONNECT_SUB_MINUTES to come back: until then his
// captain may not replace him (422); past it the captain brings a bench player in under the rules above.
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
import { STATUS } from '@versus/common/match/statuses';
import { awayFromServerSince, leaveSoloQueues, queueCandidates, teamCandidates } from './sub.repository.ts';

export const SUB_TEXTS = {
  added: 'Player was added as a substitute successfully',
  notCaptain: MATCH_TEXTS.subNotCaptain,
  matchOver: MATCH_TEXTS.subMatchOver,
  notAvailable: MATCH_TEXTS.subNotAvailable,
  limit: subLimit,
  awayTooShort: (username: string, minutes: number) =>
    `${username} has been away for less than ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`,
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
    async (match, { tx, record }) => {
      await assertAwayLongEnough(ctx, tx, match, user, replacesUserId);
      return {
        type: 'sub.add',
        actor: actorOf(user),
        userId: subUserId,
        replacesUserId,
        candidates: (await candidatesFor(tx, record, user.id)).map((u): SubCandidate => ({
          userId: u.id,
          username: u.username,
          rating: u.elo,
        })),
      };
    },
    (tx) => leaveSoloQueues(tx, subUserId),
  );
  return { message: SUB_TEXTS.added };
}

/**
 * While the match is in progress, a lineup player of the captain's side who left the match's server is not
 * replaced before he has been away for `disconnectSubMinutes` (he may be reconnecting).
 */
async function assertAwayLongEnough(
  ctx: AppContext,
  tx: Tx,
  match: MatchState,
  user: UserRow,
  replacesUserId: number,
): Promise<void> {
  if (match.statusId !== STATUS.inProgress) return;
  const replaced = match.players.find((p) => p.userId === replacesUserId);
  if (!replaced || replaced.side !== captainSide(match, user.id)) return;
  const leftAt = await awayFromServerSince(tx, match.id, replacesUserId);
  if (leftAt === null) return;
  const minutes = ctx.config.matches.disconnectSubMinutes;
  if (ctx.now() - leftAt.getTime() < minutes * 60_000) {
    throw new ValidationError({ replacesUserId: [SUB_TEXTS.awayTooShort(replaced.username, minutes)] });
  }
}
