// The effects outbox through its real ways in: a captain's last veto turn over HTTP (the change records
// `provision` in its transaction, the worker carries it out), a change that rolls back, a handler that
// keeps failing, an effect carried out twice, and a failure waking the timer for its retry.
import { matchServerAnswer } from '@versus/common/api/matches';
import { STATUS } from '@versus/common/match/statuses';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { gameServers, matchEffects } from '../../db/schema/index.ts';
import { matchAtLastVetoStep, vetoTurnOf } from '../game-servers/testing.ts';
import { loadMatch, runMatchCommand } from '../matches/index.ts';
import { buildTestApp, eventually, expectAnswer, signIn, type TestApp } from '../../test/index.ts';
import {
  BACKOFF_BASE_MS,
  MAX_ATTEMPTS,
  effectsWorkerOf,
  listMatchEffects,
  recordEffect,
  registerEffectHandler,
} from './index.ts';
import { EffectsWorker } from './effects.worker.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

async function liveServers(matchId: number) {
  const rows = await t.app.db.select().from(gameServers).where(eq(gameServers.matchId, matchId));
  return rows.filter((r) => r.destroyedAt === null);
}

describe('effects outbox', () => {
  it('the last veto turn records provision in its transaction and the server follows its answer', async () => {
    const matchId = await matchAtLastVetoStep(t.app.ctx);
    const { username, mapId } = await vetoTurnOf(t.app.ctx, matchId);
    const captain = await signIn(t.app, username);
    const res = await captain.post(`/api/v1/match/${String(matchId)}/map/${String(mapId)}`, {});
    expect(res.status).toBeLessThan(300);
    // Provisioned after the answer went out: the server box fills in shortly after.
    const serverBox = async () =>
      expectAnswer(await captain.get(`/api/v1/match/${String(matchId)}/server`), matchServerAnswer).data;
    await eventually(async () => expect(await serverBox()).toMatchObject({ serverAvailable: true }));
    const box = await serverBox();
    expect(box).toMatchObject({ serverAvailable: true, matchState: STATUS.inProgress });
    await eventually(async () => {
      const [row] = await t.app.db.select().from(matchEffects).where(eq(matchEffects.matchId, matchId));
      expect(row?.status).toBe('done');
    });
    const effects = await t.app.db.select().from(matchEffects).where(eq(matchEffects.matchId, matchId));
    expect(effects.map((e) => [e.kind, e.status, e.attempts])).toEqual([['provision', 'done', 1]]);
    expect(await listMatchEffects(t.app.db, { matchIds: [matchId] })).toEqual([]);

    // The same effect carried out again (a process killed before marking it done): still one server.
    await t.app.db
      .update(matchEffects)
      .set({ status: 'pending', nextAttemptAt: new Date(t.clock.now()) })
      .where(eq(matchEffects.matchId, matchId));
    expect(await effectsWorkerOf(t.app.ctx).runDue(t.clock.now())).toBe(1);
    expect(await liveServers(matchId)).toHaveLength(1);
    const again = expectAnswer(
      await captain.get(`/api/v1/match/${String(matchId)}/server`),
      matchServerAnswer,
    );
    expect(again.data.gameServerUuid).toBe(box.gameServerUuid);
  });

  it('a change that rolls back leaves no effect, and nothing is provisioned', async () => {
    const matchId = await matchAtLastVetoStep(t.app.ctx);
    const { userId, mapId } = await vetoTurnOf(t.app.ctx, matchId);
    const command = { type: 'veto.select' as const, actor: { userId, isAdmin: false }, mapId };
    await expect(
      runMatchCommand(t.app.ctx, matchId, command, () => Promise.reject(new Error('rolled back'))),
    ).rejects.toThrow('rolled back');
    expect(await t.app.db.select().from(matchEffects).where(eq(matchEffects.matchId, matchId))).toEqual([]);
    await effectsWorkerOf(t.app.ctx).runDue(t.clock.now() + 3_600_000);
    expect(await liveServers(matchId)).toEqual([]);
    expect((await loadMatch(t.app.db, matchId, { lock: false }))?.state.statusId).toBe(STATUS.mapVeto);
  });

  it('a failing effect is retried with exponential backoff, then marked failed and listed', async () => {
    const matchId = await matchAtLastVetoStep(t.app.ctx);
    let calls = 0;
    registerEffectHandler('test-always-fails', () => {
      calls += 1;
      return Promise.reject(new Error(`rcon timed out (${String(calls)})`));
    });
    const start = t.clock.now();
    const id = await t.app.db.transaction((tx) =>
      recordEffect(tx, { matchId, kind: 'test-always-fails' }, start),
    );
    // Recording it again (same match, kind and key) is the same row.
    expect(await recordEffect(t.app.db, { matchId, kind: 'test-always-fails' }, start)).toBe(id);
    const worker = effectsWorkerOf(t.app.ctx);
    let at = start;
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
      expect(await worker.runDue(at)).toBe(1);
      expect(calls).toBe(attempt);
      const wait = Math.min(BACKOFF_BASE_MS * 2 ** (attempt - 1), 5 * 60_000);
      // Not before its backoff has passed.
      expect(await worker.runDue(at + wait - 1)).toBe(0);
      at += wait;
    }
    expect(await worker.runDue(at + 3_600_000)).toBe(0);
    expect(calls).toBe(MAX_ATTEMPTS);
    const [failed] = await listMatchEffects(t.app.db, { matchIds: [matchId], statuses: ['failed'] });
    expect(failed).toMatchObject({
      kind: 'test-always-fails',
      status: 'failed',
      attempts: MAX_ATTEMPTS,
      lastError: `rcon timed out (${String(MAX_ATTEMPTS)})`,
    });
    expect(await listMatchEffects(t.app.db, { matchIds: [matchId], statuses: ['pending'] })).toEqual([]);
  });

  it('an effect that fails once succeeds on its retry, and is done once', async () => {
    const matchId = await matchAtLastVetoStep(t.app.ctx);
    let calls = 0;
    registerEffectHandler('test-flaky', () => {
      calls += 1;
      return calls === 1 ? Promise.reject(new Error('busy')) : Promise.resolve();
    });
    const start = t.clock.now();
    await recordEffect(t.app.db, { matchId, kind: 'test-flaky', key: 'a' }, start);
    const worker = effectsWorkerOf(t.app.ctx);
    expect(await worker.runDue(start)).toBe(1);
    expect(await listMatchEffects(t.app.db, { matchIds: [matchId] })).toMatchObject([
      { kind: 'test-flaky', status: 'pending', attempts: 1, lastError: 'busy' },
    ]);
    expect(await worker.runDue(start + BACKOFF_BASE_MS)).toBe(1);
    expect(await worker.runDue(start + 3_600_000)).toBe(0);
    expect(calls).toBe(2);
    const [row] = await t.app.db.select().from(matchEffects).where(eq(matchEffects.kind, 'test-flaky'));
    expect(row).toMatchObject({ status: 'done', attempts: 2, lastError: null });
  });

  it('an effect just recorded is claimed by one statement outside any transaction, and not looked for again', async () => {
    const matchId = await matchAtLastVetoStep(t.app.ctx);
    let calls = 0;
    registerEffectHandler('test-one-claim', () => {
      calls += 1;
      return Promise.resolve();
    });
    const id = await recordEffect(t.app.db, { matchId, kind: 'test-one-claim' }, t.clock.now());
    const { db } = t.app.ctx;
    const transactions = vi.spyOn(db, 'transaction');
    const updates = vi.spyOn(db, 'update');
    const selects = vi.spyOn(db, 'select');
    try {
      expect(await effectsWorkerOf(t.app.ctx).runNow([id, id])).toBe(1);
      // The claim and the mark done; no transaction, and no second claim to find nothing.
      expect(transactions).not.toHaveBeenCalled();
      expect(updates).toHaveBeenCalledTimes(2);
      expect(selects).toHaveBeenCalledTimes(1); // the claim's subquery
    } finally {
      vi.restoreAllMocks();
    }
    expect(calls).toBe(1);
    const [row] = await t.app.db.select().from(matchEffects).where(eq(matchEffects.id, id));
    expect(row).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('two workers passing at once carry out each due effect once', async () => {
    const matchId = await matchAtLastVetoStep(t.app.ctx);
    const runs = new Map<number, number>();
    registerEffectHandler('test-two-workers', async (_ctx, effect) => {
      runs.set(effect.id, (runs.get(effect.id) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, 5));
    });
    const now = t.clock.now();
    const ids: number[] = [];
    for (let key = 0; key < 8; key += 1) {
      ids.push(await recordEffect(t.app.db, { matchId, kind: 'test-two-workers', key: String(key) }, now));
    }
    const other = new EffectsWorker(t.app.ctx, 0);
    const attempted = await Promise.all([effectsWorkerOf(t.app.ctx).runDue(now), other.runDue(now)]);
    expect(attempted[0] + attempted[1]).toBe(ids.length);
    expect([...runs.keys()].sort((a, b) => a - b)).toEqual(ids);
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
    const rows = await listMatchEffects(t.app.db, { matchIds: [matchId], statuses: ['pending'] });
    expect(rows).toEqual([]);
  });

  it("a failure wakes the worker's timer for its retry (the idle worker does not poll)", async () => {
    const matchId = await matchAtLastVetoStep(t.app.ctx);
    let calls = 0;
    registerEffectHandler('test-wakes', () => {
      calls += 1;
      return calls === 1 ? Promise.reject(new Error('busy')) : Promise.resolve();
    });
    const id = await recordEffect(t.app.db, { matchId, kind: 'test-wakes' }, t.clock.now());
    // A worker of its own with a timer (the app's has none in tests), never started: only the failure of
    // its detached run sets the timer, for the retry's due time (the first backoff).
    const worker = new EffectsWorker(t.app.ctx, 20);
    try {
      worker.runDetached([id]);
      await worker.idle();
      expect(calls).toBe(1);
      t.clock.advance(BACKOFF_BASE_MS);
      await eventually(async () => {
        const [row] = await t.app.db.select().from(matchEffects).where(eq(matchEffects.id, id));
        expect(row).toMatchObject({ status: 'done', attempts: 2, lastError: null });
      });
      expect(calls).toBe(2);
    } finally {
      await worker.stop();
    }
  });
});
