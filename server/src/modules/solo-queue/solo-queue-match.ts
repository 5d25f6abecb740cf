// Forming a solo-queue match from the players of a pop that everyone accepted, inside the accept's
// transaction (which holds the queue row lock), and announcing it after commit.
import { balanceTeams } from '@versus/common/match/skill';
import type { RealtimeEventName } from '@versus/common/realtime';
import type { AppContext } from '../../core/app-context.ts';
import type { Tx } from '../../db/client.ts';
import type { NotificationRow, SoloQueueRow, UserRow } from '../../db/schema/index.ts';
import { applyInTransaction, loadMatch, publishOutcome } from '../matches/index.ts';
import type { CommandOutcome } from '../matches/index.ts';
import { createNotifications, matchNotification, publishNotifications } from '../notifications/index.ts';
import { recordMatchCreated, startSending } from '../webhooks/index.ts';
import { deleteEntriesOf, insertPugMatch } from './solo-queue.repository.ts';

/** Sent on each player's private notification channel when their queue forms a match. */
export const MATCH_FOUND_EVENT = 'OnSoloQueueMatchFound' satisfies RealtimeEventName;

export interface FormedMatch {
  matchId: number;
  queueId: number;
  userIds: number[];
  notifications: NotificationRow[];
  /** Balanced teams: the end of the (empty) pick phase, published after commit. */
  outcome: CommandOutcome | null;
  /** The `match.created` webhook deliveries' effects, sent after commit. */
  hooks: number[];
}

/**
 * Captain order: the two highest-rated players captain (equal ratings go to whoever joined the queue
 * earlier, then the lower user id). The lower-rated of the two is the challenger captain and picks first,
 * the higher-rated the opponent captain, so the strongest player does not also get the first pick (the
 * draft stays snake order: 1, 2, 2, 1, ...). The rest is the pool.
 */
export function captainOrder(players: { user: UserRow; joinedAt: Date }[]): number[] {
  const ranked = ratingOrder(players);
  const [strongest, second, ...pool] = ranked;
  if (strongest === undefined || second === undefined) return ranked;
  return [second, strongest, ...pool];
}

/** Highest-rated first; equal ratings: who joined the queue earlier, then the lower user id. */
function ratingOrder(players: { user: UserRow; joinedAt: Date }[]): number[] {
  return [...players]
    .sort(
      (a, b) =>
        b.user.elo - a.user.elo || a.joinedAt.getTime() - b.joinedAt.getTime() || a.user.id - b.user.id,
    )
    .map((p) => p.user.id);
}

export function playersNeeded(queue: Pick<SoloQueueRow, 'teamSize'>): number {
  return queue.teamSize * 2;
}

/**
 * Balanced teams: the rating model's split with the smallest win-probability gap (every split is
 * checked: 126 for 5v5). The players go in rating order, so the highest-rated is on the challenger side
 * and captains it (no pick to balance out here); the opponent captain is the highest-rated of the other side.
 */
export function balancedLineup(players: { user: UserRow; joinedAt: Date }[]): {
  userIds: number[];
  sides: Map<number, 1 | 2>;
} {
  const byId = new Map(players.map((p) => [p.user.id, p.user]));
  const ordered = ratingOrder(players).flatMap((id) => {
    const user = byId.get(id);
    return user ? [{ id, skill: { mu: user.mu, sigma: user.sigma } }] : [];
  });
  const teams = balanceTeams(ordered);
  const rank = new Map(ordered.map((p, i) => [p.id, i]));
  const byRank = (a: { id: number }, b: { id: number }) => (rank.get(a.id) ?? 0) - (rank.get(b.id) ?? 0);
  const challenger = [...teams.challenger].sort(byRank).map((p) => p.id);
  const opponent = [...teams.opponent].sort(byRank).map((p) => p.id);
  const sides = new Map<number, 1 | 2>([
    ...challenger.map((id) => [id, 1] as const),
    ...opponent.map((id) => [id, 2] as const),
  ]);
  const [c0, ...cRest] = challenger;
  const [o0, ...oRest] = opponent;
  const captains = [c0, o0].filter((id): id is number => id !== undefined);
  return { userIds: [...captains, ...cRest, ...oRest], sides };
}

/**
 * Forms the match from these players (they leave any queue). `draft`: captains by `captainOrder`, the
 * rest the pool, the captains pick (status 10). `balanced`: `balancedLineup` puts everyone on a side and
 * the pick phase ends at once (the machine's own end of picking: the location vote, 11).
 */
export async function formMatch(
  ctx: AppContext,
  tx: Tx,
  queue: SoloQueueRow,
  players: { user: UserRow; joinedAt: Date }[],
  now: number,
): Promise<FormedMatch> {
  const balanced = queue.teamFormation === 'balanced';
  const lineup = balanced ? balancedLineup(players) : { userIds: captainOrder(players), sides: undefined };
  const { userIds } = lineup;
  await deleteEntriesOf(tx, userIds);
  const matchId = await insertPugMatch(tx, { queue, userIds, now, sides: lineup.sides });
  const hooks = await recordMatchCreated(ctx, tx, matchId, now);
  let outcome: CommandOutcome | null = null;
  if (balanced) {
    const applied = await applyInTransaction(ctx, tx, matchId, { type: 'pick.timeout', step: 0 }, now);
    if (!applied.ok) throw new Error(`Balanced match ${String(matchId)}: ${applied.error.message}`);
    outcome = applied.outcome;
  }
  const record = await loadMatch(tx, matchId, { lock: false });
  if (!record) throw new Error(`Match ${String(matchId)} vanished in its own transaction`);
  const notifications = await createNotifications(
    tx,
    userIds.map((userId) =>
      matchNotification(record.state, userId, balanced ? 'teams-balanced' : 'player-select-started'),
    ),
    now,
  );
  return { matchId, queueId: queue.id, userIds, notifications, outcome, hooks };
}

/** After commit: each player's notification, then the "go to the match room" event, on their private channel. */
export async function announceFormedMatch(ctx: AppContext, formed: FormedMatch): Promise<void> {
  const url = `/match/${String(formed.matchId)}`;
  startSending(ctx, formed.hooks);
  if (formed.outcome) await publishOutcome(formed.outcome);
  await publishNotifications(ctx, formed.notifications);
  for (const userId of formed.userIds) {
    await ctx.publish(MATCH_FOUND_EVENT, userId, { matchId: formed.matchId, queueId: formed.queueId, url });
  }
}
