// Solo-queue scenarios for `npm run scenario`: a match formed from ten demo players the way a full
// queue forms one, then played through the runner to the wanted status.
import { STATUS } from '@versus/common/match/statuses';
import { pickPool, pickerSide } from '@versus/common/match/pick';
import { sideState } from '@versus/common/match/state';
import type { MatchState } from '@versus/common/match/state';
import { and, asc, eq, like } from 'drizzle-orm';
import { soloQueues, users } from '../../db/schema/index.ts';
import { NotFoundError } from '../../errors.ts';
import type { AppContext } from '../../core/app-context.ts';
import { runMatchCommand } from '../matches/index.ts';
import type { MatchCommand } from '@versus/common/match/commands';
import { announceFormedMatch, formMatch, playersNeeded } from './solo-queue-match.ts';
import { lockQueue } from './solo-queue.repository.ts';

/** The pick's scenarios. Their names keep `pug-`: people type them (`npm run scenario pug-pick`) and URLs carry them. */
export const PICK_SCENARIO_NAMES = ['pug-pick', 'pug-location'] as const;
export type PickScenarioName = (typeof PICK_SCENARIO_NAMES)[number];

export function isPickScenarioName(name: string): name is PickScenarioName {
  return (PICK_SCENARIO_NAMES as readonly string[]).includes(name);
}

/** The pick a captain would make: the highest-rated player left in the pool. */
function bestPick(match: MatchState): MatchCommand | null {
  const side = pickerSide(match);
  const [best] = [...pickPool(match)].sort((a, b) => b.rating - a.rating || a.userId - b.userId);
  if (side === null || !best) return null;
  const captain = sideState(match, side).captainUserId ?? -1;
  return { type: 'pick.select', actor: { userId: captain, isAdmin: false }, playerUserId: best.userId };
}

/**
 * 'pug-pick': a fresh match in player select (10), first pick due. 'pug-location': the captains picked
 * everyone, the location vote (11) is open. The players are the first demo players (`player…`), taken
 * out of any queue they wait in, whatever else they play.
 */
export async function stagePickScenario(ctx: AppContext, name: PickScenarioName): Promise<number> {
  const [queue] = await ctx.db.select().from(soloQueues).orderBy(asc(soloQueues.id)).limit(1);
  if (!queue) throw new NotFoundError('The demo world is not seeded (no solo-queue).');
  const demo = await ctx.db
    .select()
    .from(users)
    .where(and(like(users.username, 'player%'), eq(users.role, 'player')))
    .orderBy(asc(users.id))
    .limit(playersNeeded(queue));
  if (demo.length < playersNeeded(queue)) throw new NotFoundError('Not enough demo players.');
  const now = ctx.now();
  const formed = await ctx.db.transaction(async (tx) => {
    const locked = await lockQueue(tx, queue.id);
    if (!locked) throw new NotFoundError('Solo-queue not found.');
    return formMatch(
      ctx,
      tx,
      locked,
      demo.map((user) => ({ user, joinedAt: new Date(now) })),
      now,
    );
  });
  await announceFormedMatch(ctx, formed);
  if (name === 'pug-location') {
    for (let i = 0; i < playersNeeded(queue); i += 1) {
      const outcome = await runMatchCommand(ctx, formed.matchId, (m) => bestPick(m));
      if (outcome.record.state.statusId !== STATUS.playerSelect) break;
    }
  }
  return formed.matchId;
}
