// Pops: when a queue has 2 × team size players waiting outside a pop, they get a ready check. Everyone
// accepts: the match forms. Someone declines (or leaves the queue): they leave with a cooldown, everyone
// else waits again at their old place. The deadline passes: whoever had not accepted leaves with a
// cooldown, the rest wait again. Each command runs under the queue's row lock (joins and leaves take the
// same lock), the deadline is a column the sweeper claims with SKIP LOCKED, and everything is announced
// after commit. The rules themselves are common's pure `decidePop`.
import type { AcceptPopAnswer, DeclinePopAnswer, QueueStatus } from '@versus/common/api/solo-queue';
import { decidePop } from '@versus/common/queue/pop';
import type { PopCommand, PopDecision } from '@versus/common/queue/pop';
import type { AppContext } from '../../core/app-context.ts';
import type { Tx } from '../../db/client.ts';
import type { SoloQueuePopRow, SoloQueueRow, UserRow } from '../../db/schema/index.ts';
import { ConflictError, ForbiddenError, NotFoundError } from '../../errors.ts';
import { lockPlayers, playingElsewhere } from '../league-rules/index.ts';
import { announce, QueueChanges, settle } from './solo-queue-changes.ts';
import type { SettledQueue } from './solo-queue-changes.ts';
import { formMatch, playersNeeded } from './solo-queue-match.ts';
import {
  claimQueueWithDuePop,
  duePopsOf,
  endPop,
  findPop,
  firstWaiting,
  insertPop,
  markAccepted,
  popMembers,
  releasePop,
  setCooldowns,
} from './solo-queue-pop.repository.ts';
import { deleteEntriesOf, lockQueue } from './solo-queue.repository.ts';
import { readQueueStatus } from './solo-queue-status.ts';

export const POP_TEXTS = {
  notFound: 'Ready check not found.',
  notInPop: 'You are not in this ready check.',
  over: 'This ready check is over.',
  accepted: 'You accepted the match.',
  matched: 'Everyone accepted: go to the match room.',
  declined: 'You declined the match and left the queue.',
} as const;

/**
 * Under the queue's lock: opens a pop for every 2 × team size players waiting outside one, first come
 * first served (a failed pop's players kept their join time, so they are first again).
 */
export async function startPops(
  ctx: AppContext,
  tx: Tx,
  queue: SoloQueueRow,
  now: number,
  changes: QueueChanges,
): Promise<void> {
  const needed = playersNeeded(queue);
  for (;;) {
    const waiting = await freeWaiting(tx, queue.id, needed);
    if (waiting.length < needed) return;
    await insertPop(tx, {
      queueId: queue.id,
      entryIds: waiting.map((w) => w.entryId),
      now,
      deadline: now + ctx.config.soloQueue.popSeconds * 1000,
    });
    changes.note(
      waiting.map((w) => w.userId),
      'pop-started',
    );
  }
}

/**
 * The first `needed` players waiting outside a pop who play no match in play now, in join order, under
 * their players' locks (docs/league-rules.md): a player whose ladder or tournament match started after they
 * queued keeps their place and gets no ready check until that match is over.
 */
async function freeWaiting(tx: Tx, queueId: number, needed: number) {
  const waiting = await firstWaiting(tx, queueId, Number.MAX_SAFE_INTEGER);
  if (waiting.length < needed) return [];
  const ids = waiting.map((w) => w.userId);
  await lockPlayers(tx, ids);
  const busy = new Set((await playingElsewhere(tx, ids, null)).map((p) => p.userId));
  return waiting.filter((w) => !busy.has(w.userId)).slice(0, needed);
}

/**
 * Under the queue's lock: decides `command` on `pop` with common's rules and applies the decision. A
 * refusal changes nothing and is returned for the caller to answer.
 */
export async function applyPopCommand(
  ctx: AppContext,
  tx: Tx,
  queue: SoloQueueRow,
  pop: SoloQueuePopRow,
  command: PopCommand,
  now: number,
  changes: QueueChanges,
): Promise<PopDecision> {
  const members = await popMembers(tx, pop.id);
  const decision = decidePop(
    {
      status: pop.status === 'matched' || pop.status === 'cancelled' ? pop.status : 'open',
      deadline: pop.deadline.getTime(),
      needed: playersNeeded(queue),
      members: members.map((m) => ({ userId: m.user.id, acceptedAt: m.acceptedAt?.getTime() ?? null })),
    },
    command,
    now,
  );
  const everyone = members.map((m) => m.user.id);
  switch (decision.kind) {
    case 'refused':
    case 'unchanged':
      return decision;
    case 'accepted': {
      if (command.type !== 'accept') return decision;
      await markAccepted(tx, pop.id, command.userId, now);
      if (!decision.complete) {
        changes.note(everyone, 'pop-accepted');
        return decision;
      }
      const formed = await formMatch(
        ctx,
        tx,
        queue,
        members.map((m) => ({ user: m.user, joinedAt: m.joinedAt })),
        now,
      );
      await endPop(tx, pop.id, { status: 'matched', matchId: formed.matchId, at: now });
      changes.note(everyone, 'matched');
      changes.formed.push(formed);
      return decision;
    }
    case 'cancelled': {
      // A deadline ends the pop as of the deadline (a sweep after a restart included); a decline now.
      const at = command.type === 'expire' ? pop.deadline.getTime() : now;
      await deleteEntriesOf(tx, decision.removed);
      const cooldown = ctx.config.soloQueue.declineCooldownSeconds;
      if (cooldown > 0) await setCooldowns(tx, decision.removed, at + cooldown * 1000);
      await releasePop(tx, pop.id);
      await endPop(tx, pop.id, { status: 'cancelled', matchId: null, at });
      changes.note(decision.removed, decision.reason === 'declined' ? 'pop-declined' : 'pop-missed');
      changes.note(decision.requeued, 'pop-requeued');
      // Whoever waits now (the requeued first, by their old join time) may fill the next pop at once.
      await startPops(ctx, tx, queue, now, changes);
      return decision;
    }
  }
}

/** Under the queue's lock: ends the queue's pops whose deadline passed; returns how many. */
export async function expireDuePopsOf(
  ctx: AppContext,
  tx: Tx,
  queue: SoloQueueRow,
  now: number,
  changes: QueueChanges,
): Promise<number> {
  const due = await duePopsOf(tx, queue.id, now);
  for (const pop of due) await applyPopCommand(ctx, tx, queue, pop, { type: 'expire' }, now, changes);
  return due.length;
}

/** Locks the queue a pop belongs to, then reads the pop again under that lock. */
async function lockPop(tx: Tx, popId: number): Promise<{ queue: SoloQueueRow; pop: SoloQueuePopRow }> {
  const unlocked = await findPop(tx, popId);
  if (!unlocked) throw new NotFoundError(POP_TEXTS.notFound);
  const queue = await lockQueue(tx, unlocked.soloQueueId);
  const pop = await findPop(tx, popId);
  if (!queue || !pop) throw new NotFoundError(POP_TEXTS.notFound);
  return { queue, pop };
}

/** Maps a refusal to its HTTP answer. */
export function refusePop(decision: PopDecision): void {
  if (decision.kind !== 'refused') return;
  switch (decision.reason) {
    case 'over':
    case 'not-due':
      throw new ConflictError(POP_TEXTS.over);
    case 'not-in-pop':
      throw new ForbiddenError(POP_TEXTS.notInPop);
  }
}

interface PopCommandResult {
  settled: SettledQueue;
  status: QueueStatus;
  decision: PopDecision;
}

async function runPopCommand(
  ctx: AppContext,
  user: UserRow,
  popId: number,
  command: PopCommand,
): Promise<PopCommandResult> {
  const now = ctx.now();
  const changes = new QueueChanges();
  const result = await ctx.db.transaction(async (tx) => {
    const { queue, pop } = await lockPop(tx, popId);
    const decision = await applyPopCommand(ctx, tx, queue, pop, command, now, changes);
    refusePop(decision);
    const settled = await settle(tx, queue, changes, now);
    const status = changes.statuses.get(user.id) ?? (await readQueueStatus(tx, user.id, now));
    return { settled, status, decision };
  });
  await announce(ctx, result.settled);
  return result;
}

/** `POST /api/v1/solo-queues/pops/{popId}/accept`: the last accept forms the match. */
export async function acceptPop(ctx: AppContext, user: UserRow, popId: number): Promise<AcceptPopAnswer> {
  const { settled, status } = await runPopCommand(ctx, user, popId, { type: 'accept', userId: user.id });
  const matchId = settled.changes.formed[0]?.matchId ?? null;
  return { message: matchId === null ? POP_TEXTS.accepted : POP_TEXTS.matched, data: { status, matchId } };
}

/** `POST /api/v1/solo-queues/pops/{popId}/decline`: the decliner leaves the queue, the others wait again. */
export async function declinePop(ctx: AppContext, user: UserRow, popId: number): Promise<DeclinePopAnswer> {
  const { status } = await runPopCommand(ctx, user, popId, { type: 'decline', userId: user.id });
  return { message: POP_TEXTS.declined, data: { status } };
}

/**
 * The sweeper's part: claims, one at a time with `FOR UPDATE SKIP LOCKED`, each queue with a pop past its
 * deadline and ends its due pops as the deadline's rule says. Returns how many pops ended.
 */
export async function sweepQueuePops(ctx: AppContext, now: number): Promise<number> {
  const skip: number[] = [];
  let ended = 0;
  for (;;) {
    let claimed: number | null = null;
    try {
      const result = await ctx.db.transaction(async (tx) => {
        const queue = await claimQueueWithDuePop(tx, now, skip);
        if (!queue) return null;
        claimed = queue.id;
        const changes = new QueueChanges();
        const count = await expireDuePopsOf(ctx, tx, queue, now, changes);
        return { count, settled: await settle(tx, queue, changes, now) };
      });
      if (!result) return ended;
      skip.push(result.settled.queue.id);
      ended += result.count;
      await announce(ctx, result.settled);
    } catch (err) {
      if (claimed === null) throw err;
      ctx.log.error({ err, queueId: claimed }, 'sweeper: ending a ready check failed');
      skip.push(claimed);
    }
  }
}
