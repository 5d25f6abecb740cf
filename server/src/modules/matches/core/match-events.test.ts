import { vetoMatchAnswer } from '@versus/common/api/matches';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matches } from '../../../db/schema/index.ts';
import { stageScenario } from '../../dev/index.ts';
import { matchSubscriber } from './match-events.ts';
import { subscribeToMatches } from './match-module.ts';
import { buildTestApp, expectAnswer, signIn, type TestApp } from '../../../test/index.ts';

describe('match event subscribers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('in the transaction they share the change’s fate; after commit they run in event order and cannot undo it', async () => {
    const { matchId } = await stageScenario(t.app.ctx, 'ladder-veto');
    const calls: string[] = [];
    let failInTransaction = true;
    subscribeToMatches(t.app.ctx, [
      matchSubscriber({
        name: 'test: in transaction',
        events: ['OnMatchMapChange'],
        async inTransaction(tx, events, change) {
          const [row] = await tx.select().from(matches).where(eq(matches.id, change.record.state.id));
          calls.push(`in tx: ${events.map((e) => e.type).join()} at version ${String(row?.version)}`);
          if (failInTransaction) throw new Error('subscriber failed');
          return async () => void calls.push('left for after commit');
        },
      }),
      matchSubscriber({
        name: 'test: after commit',
        events: ['OnMatchMapChange'],
        async afterCommit(event) {
          calls.push(`after commit: ${event.type}`);
          throw new Error('a failed effect is logged, never undone');
        },
      }),
    ]);
    const version = async () =>
      (await t.app.db.select({ v: matches.version }).from(matches).where(eq(matches.id, matchId)))[0]?.v;
    const before = await version();
    const captain = await signIn(t.app, 'player6');
    const veto = expectAnswer(await captain.get(`/api/v1/match/${String(matchId)}`), vetoMatchAnswer);
    const mapId = veto.data.maps[0]?.id ?? 0;
    const click = () => captain.post(`/api/v1/match/${String(matchId)}/map/${String(mapId)}`);

    // The subscriber throws inside the transaction: the whole turn is rolled back and nothing is sent.
    const sentBefore = t.published.length;
    expect((await click()).status).toBe(500);
    expect(await version()).toBe(before);
    expect(t.published.length).toBe(sentBefore);

    failInTransaction = false;
    expect((await click()).status).toBe(200);
    expect(await version()).toBe((before ?? 0) + 1);
    expect(calls).toEqual([
      `in tx: OnMatchMapChange at version ${String((before ?? 0) + 1)}`, // the new state is written first
      `in tx: OnMatchMapChange at version ${String((before ?? 0) + 1)}`,
      'after commit: OnMatchMapChange',
      'left for after commit',
    ]);
    // The match room's own broadcast of the event went out before the subscribers ran.
    expect(t.published.slice(sentBefore).map((p) => p.event)).toContain('OnMatchMapChange');
  });
});
