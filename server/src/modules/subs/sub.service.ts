// Substitutes: a captain adds a player to their side while the match is neither finished nor cancelled,
// up to `MAX_SUBS_PER_SIDE` per side and match. Candidates: the side's team members not in the match
// (ladder, tournament) or the players waiting in the match's solo-queue. The change runs under the
// match's row lock; the sub is notified, and the room refetches on `OnMatchDetailSubAdd`.
import { canAddSub } from '@versus/common/match/policies';
import { captainSide } from '@versus/common/match/state';
import type { MatchState } from '@versus/common/match/state';
import { eventWireChannel } from '@versus/common/realtime';
import type { Db, Tx } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../../errors.ts';
import type { MatchEngine } from '../matches/match-engine.ts';
import { publishOutcome } from '../matches/match-effects.ts';
import { findRuledMatch } from '../matches/match-rules.ts';
import { loadMatch } from '../matches/match.repository.ts';
import type { MatchRecord } from '../matches/match-state.mapper.ts';
import { viewerOf } from '../matches/match.service.ts';
import { matchNotification } from '../notifications/match-notifications.ts';
import { insertNotifications } from '../notifications/notification.repository.ts';
import { formatUsername } from '../users/user.presenter.ts';
import { countSubs, insertSub, queueCandidates, teamCandidates } from './sub.repository.ts';

export const SUB_TEXTS = {
  added: 'Player was added as a substitute successfully',
  notCaptain: 'Only the captains of this match can add substitutes.',
  matchOver: 'Substitutes cannot be added to a finished or cancelled match.',
  notAvailable: 'This player is not available to be added.',
  limit: (max: number) => `Your team has already added the maximum of ${String(max)} substitutes.`,
} as const;

export async function getSubAccess(engine: MatchEngine, matchId: number, user: UserRow | null) {
  const record = await findRuledMatch(engine, matchId);
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
export async function getSubCandidates(engine: MatchEngine, matchId: number, user: UserRow) {
  const record = await findRuledMatch(engine, matchId);
  assertMayAdd(record.state, user);
  const candidates = await candidatesFor(engine.db, record, user.id);
  return candidates.map((u) => ({
    id: u.id,
    username: u.username,
    formattedUsername: formatUsername(u),
    image: u.image,
    flag: u.flag,
  }));
}

function assertMayAdd(match: MatchState, user: UserRow): void {
  if (captainSide(match, user.id) === null) throw new ForbiddenError(SUB_TEXTS.notCaptain);
  if (!canAddSub(match, viewerOf(user))) throw new ValidationError({ validator: [SUB_TEXTS.matchOver] });
}

export async function addSub(engine: MatchEngine, user: UserRow, matchId: number, subUserId: number) {
  const now = engine.now();
  const { record, notifications } = await engine.db.transaction(async (tx) => {
    const locked = await loadMatch(tx, matchId, { lock: true });
    if (!locked) throw new NotFoundError('Match not found.');
    assertMayAdd(locked.state, user);
    const side = captainSide(locked.state, user.id) ?? 1;
    const candidate = (await candidatesFor(tx, locked, user.id)).find((u) => u.id === subUserId);
    if (!candidate) throw new ValidationError({ validator: [SUB_TEXTS.notAvailable] });
    const max = engine.rules.maxSubsPerSide;
    if ((await countSubs(tx, matchId, side)) >= max)
      throw new ValidationError({ validator: [SUB_TEXTS.limit(max)] });
    const teamId = side === 1 ? locked.state.challenger.teamId : locked.state.opponent.teamId;
    await insertSub(tx, {
      matchId,
      userId: subUserId,
      side,
      teamId,
      addedByUserId: user.id,
      now: new Date(now),
    });
    const rows = await insertNotifications(
      tx,
      [matchNotification(locked.state, subUserId, 'sub-added')],
      now,
    );
    return { record: locked, notifications: rows };
  });
  try {
    await engine.broadcaster.publish(
      eventWireChannel('OnMatchDetailSubAdd', matchId),
      'OnMatchDetailSubAdd',
      {
        matchId,
      },
    );
  } catch (err) {
    engine.log.error({ err, matchId }, 'subs: broadcast failed');
  }
  await publishOutcome(engine, { record, events: [{ type: 'MatchDetailUpdate' }], notifications });
  return { message: SUB_TEXTS.added };
}
