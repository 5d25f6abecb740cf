// The log's automatic result as an effect of the outbox: the agent batch that decides the series records one
// `log-score` in its transaction (a batch that does not decide it records none, a repeated batch nothing
// more), its handler enters the result, and running the handler again changes nothing.
import { scoreFormAnswer } from '@versus/common/api/scores';
import { STATUS } from '@versus/common/match/statuses';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchEffects, notifications } from '../../db/schema/index.ts';
import { effectsSettled, effectsWorkerOf } from '../effects/index.ts';
import { allocateTestHost, insertTestHost } from '../game-servers/testing.ts';
import { loadMatch } from '../matches/index.ts';
import { generateMatchLog } from '../statistics/index.ts';
import { createMatchFixture } from '../statistics/testing.ts';
import { buildTestApp, expectAnswer, type TestApp } from '../../test/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('log-score effect', () => {
  it('is recorded once by the deciding batch, enters the result, and a second run changes nothing', async () => {
    const fixture = await createMatchFixture(t.app, { mapNames: ['mp_crash'] });
    const { hostId, agentToken } = await insertTestHost(t.app.db, { port: 32171 });
    await allocateTestHost(t.app.db, hostId, fixture.gameServerId, fixture.matchId);
    const players = (from: number) =>
      Array.from({ length: 5 }, (_, i) => ({
        guid: `${String(from + i).padStart(32, '0')}`,
        name: `player${String(from + i)}`,
      }));
    const lines = generateMatchLog({
      seed: 7,
      challenger: players(1),
      opponent: players(6),
      maps: [{ nameCmd: 'mp_crash', challengerRounds: 13, opponentRounds: 7 }],
    }).lines.map((l) => l.replace('\\fs_game\\', `\\_versus_match\\${String(fixture.matchId)}\\fs_game\\`));
    const fifthRound = lines.flatMap((l, i) => (/ RW;/.test(l) ? [i] : []))[4] ?? 0;
    const post = (from: number, to: number) => {
      const before = lines.slice(0, from).reduce((n, l) => n + l.length + 1, 0);
      const part = lines.slice(from, to);
      return t.app.inject({
        method: 'POST',
        url: '/api/v1/game-server-agent/batches',
        headers: { authorization: `Bearer ${agentToken}` },
        payload: {
          batchId: `b-${String(from)}`,
          fileKey: 'games_mp.log',
          startOffset: before,
          endOffset: before + part.reduce((n, l) => n + l.length + 1, 0),
          lines: part,
        },
      });
    };
    const effects = () =>
      t.app.db
        .select()
        .from(matchEffects)
        .where(and(eq(matchEffects.matchId, fixture.matchId), eq(matchEffects.kind, 'log-score')));
    const scoreEnteredNotes = async () =>
      (await t.app.db.select().from(notifications).where(eq(notifications.type, 'score-entered'))).filter(
        (n) => n.data.matchId === fixture.matchId,
      ).length;

    // Five rounds in: nothing decided, nothing owed.
    expect((await post(0, fifthRound + 1)).statusCode).toBe(200);
    expect(await effects()).toHaveLength(0);
    expect((await loadMatch(t.app.db, fixture.matchId, { lock: false }))?.state.statusId).toBe(
      STATUS.inProgress,
    );

    // The rest decides the series: one effect, carried out after the receipt (which does not wait for it),
    // the result entered from the log.
    expect((await post(fifthRound + 1, lines.length)).statusCode).toBe(200);
    await effectsSettled(t.app.ctx);
    const [effect, ...more] = await effects();
    expect(more).toHaveLength(0);
    expect(effect).toMatchObject({ status: 'done', attempts: 1 });
    const captain = await t.signIn('player1');
    const form = expectAnswer(
      await captain.get(`/api/v1/match-detail/score/form/${String(fixture.matchId)}`),
      scoreFormAnswer,
    ).data;
    expect(form.scoreEnteredFromLog).toBe(true);
    expect(await scoreEnteredNotes()).toBe(2);

    // The same batch again: a duplicate, no second effect.
    expect((await post(fifthRound + 1, lines.length)).statusCode).toBe(200);
    await effectsSettled(t.app.ctx);
    expect(await effects()).toHaveLength(1);

    // The handler run again (a process that died before marking it done): nothing changes.
    if (!effect) throw new Error('no effect');
    await t.app.db
      .update(matchEffects)
      .set({ status: 'pending', nextAttemptAt: new Date(t.clock.now()) })
      .where(eq(matchEffects.id, effect.id));
    expect(await effectsWorkerOf(t.app.ctx).runDue()).toBe(1);
    expect((await effects())[0]).toMatchObject({ status: 'done', attempts: 2, lastError: null });
    const after = await loadMatch(t.app.db, fixture.matchId, { lock: false });
    expect(after?.state.statusId).toBe(STATUS.scoreEntered);
    expect(await scoreEnteredNotes()).toBe(2);
  });
});
