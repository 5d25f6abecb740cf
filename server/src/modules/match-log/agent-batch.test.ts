import { count, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { gameServerHosts, playerMapStats, statsLogBatches } from '../../db/schema/index.ts';
import { generateMatchLog } from '../statistics/index.ts';
import { summarizeLog } from '../statistics/index.ts';
import { createMatchFixture } from '../statistics/testing.ts';
import { buildTestApp, type TestApp } from '../../test/index.ts';
import { allocateTestHost, insertTestHost } from '../game-servers/testing.ts';

let ctx: TestApp;
beforeEach(async () => {
  ctx = await buildTestApp({ clock: 'real' });
});
afterEach(async () => {
  await ctx.close();
});

/** Lines of a small match whose InitGame lines carry `_versus_match` as the pool sets it. */
function matchLog(matchId: number): string[] {
  const players = (p: string) =>
    Array.from({ length: 5 }, (_, i) => ({ guid: `[U:1:${p}${i}]`, name: `${p}${i}` }));
  return generateMatchLog({
    seed: 5,
    challenger: players('1'),
    opponent: players('2'),
    maps: [{ nameCmd: 'mp_crash' }],
    roundsToWin: 4,
  }).lines.map((l) => l.replace(/InitGame: (.*)$/, `InitGame: $1\\_versus_match\\${matchId}`));
}

function batch(fileKey: string, startOffset: number, lines: string[]) {
  const endOffset = startOffset + lines.reduce((s, l) => s + l.length + 1, 0);
  return { batchId: `${fileKey}:${startOffset}`, fileKey, startOffset, endOffset, lines };
}

async function post(token: string, body: unknown) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/game-server-agent/batches',
    headers: { authorization: `Bearer ${token}` },
    payload: body as object,
  });
  return { status: res.statusCode, body: res.json<{ data?: Record<string, unknown>; message?: string }>() };
}

async function storedLines(matchId: number): Promise<string[]> {
  const rows = await ctx.app.db
    .select({ body: statsLogBatches.body })
    .from(statsLogBatches)
    .where(eq(statsLogBatches.matchId, matchId))
    .orderBy(statsLogBatches.sequence);
  return rows.flatMap((r) => r.body.split('\n'));
}

async function host(hostId: number) {
  const [row] = await ctx.app.db.select().from(gameServerHosts).where(eq(gameServerHosts.id, hostId));
  return row;
}

describe('agent batches', () => {
  it('stores the match’s lines once: resent and overlapping batches change nothing twice', async () => {
    const fixture = await createMatchFixture(ctx.app, { mapNames: ['mp_crash'] });
    const { hostId, agentToken } = await insertTestHost(ctx.app.db, { port: 30001 });
    await allocateTestHost(ctx.app.db, hostId, fixture.gameServerId, fixture.matchId);
    const before = [
      '  0:00 ------------------------------------------------------------',
      '  0:00 ShutdownGame:',
    ];
    const lines = [...before, ...matchLog(fixture.matchId)];
    const half = Math.floor(lines.length / 2);

    const first = await post(agentToken, batch('f1', 0, lines.slice(0, half)));
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ duplicate: false, accepted: half, unattributed: 2 });
    const firstEnd = first.body.data?.ackOffset as number;

    // The same batch again (the agent did not get the answer): a duplicate.
    const again = await post(agentToken, batch('f1', 0, lines.slice(0, half)));
    expect(again.body.data).toMatchObject({ duplicate: true, ackOffset: firstEnd, accepted: 0 });

    // The agent was killed before saving its position and re-reads a bigger chunk from an older offset.
    const overlap = await post(agentToken, batch('f1', 0, lines));
    expect(overlap.status).toBe(200);
    expect(overlap.body.data).toMatchObject({ duplicate: false, accepted: lines.length - half });

    expect(await storedLines(fixture.matchId)).toEqual(lines.slice(2));
    const maps = summarizeLog(lines);
    const stats = await ctx.app.db
      .select()
      .from(playerMapStats)
      .where(eq(playerMapStats.matchId, fixture.matchId));
    const kills = (rows: { kills: number }[]) => rows.reduce((s, r) => s + r.kills, 0);
    expect(kills(stats)).toBe(kills(maps[0]?.players ?? []));
    expect(await host(hostId)).toMatchObject({
      agentBatches: 2,
      agentDuplicates: 1,
      agentUnattributedLines: 2,
    });
  });

  it('a wrong or missing token is 401 and stores nothing', async () => {
    const fixture = await createMatchFixture(ctx.app, { mapNames: ['mp_crash'] });
    const { hostId, agentToken } = await insertTestHost(ctx.app.db, { port: 30002 });
    await allocateTestHost(ctx.app.db, hostId, fixture.gameServerId, fixture.matchId);
    const body = batch('f1', 0, matchLog(fixture.matchId));
    const forged = agentToken.slice(0, -4) + 'AAAA';
    expect((await post(forged, body)).status).toBe(401);
    const none = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/game-server-agent/batches',
      payload: body,
    });
    expect(none.statusCode).toBe(401);
    expect((await post(fixture.serverToken, body)).status).toBe(401); // a match log token is not an agent token
    const [stored] = await ctx.app.db.select({ n: count() }).from(statsLogBatches);
    expect(stored?.n).toBe(0);
    expect(await host(hostId)).toMatchObject({ agentBatches: 0, agentRejected: 0 });
  });

  it('garbage batches are counted and refused with 422, never a 5xx', async () => {
    const { hostId, agentToken } = await insertTestHost(ctx.app.db, { port: 30003 });
    const bad = [
      { nonsense: true },
      { ...batch('f1', 0, ['a']), endOffset: 99 },
      batch('bad key with spaces', 0, ['a']),
      { ...batch('f1', 0, ['a']), lines: 'not a list' },
      batch('f1', 0, ['x'.repeat(5000)]),
      [],
    ];
    for (const body of bad) {
      const res = await post(agentToken, body);
      expect(res.status).toBe(422);
      expect(typeof res.body.message).toBe('string');
    }
    const notJson = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/game-server-agent/batches',
      headers: { authorization: `Bearer ${agentToken}`, 'content-type': 'application/json' },
      payload: '{"lines": [',
    });
    expect(notJson.statusCode).toBe(400);
    const text = await post(agentToken, 'plain text');
    expect(text.status).toBeGreaterThanOrEqual(400);
    expect(text.status).toBeLessThan(500);
    expect(await host(hostId)).toMatchObject({ agentRejected: bad.length, agentBatches: 0 });
    const [stored] = await ctx.app.db.select({ n: count() }).from(statsLogBatches);
    expect(stored?.n).toBe(0);
  });

  it('attributes nothing to a match that was never on this server (a forged _versus_match)', async () => {
    const mine = await createMatchFixture(ctx.app, { mapNames: ['mp_crash'] });
    const other = await createMatchFixture(ctx.app, { mapNames: ['mp_crash'] });
    const { hostId, agentToken } = await insertTestHost(ctx.app.db, { port: 30004 });
    await allocateTestHost(ctx.app.db, hostId, mine.gameServerId, mine.matchId);
    const res = await post(agentToken, batch('f1', 0, matchLog(other.matchId)));
    expect(res.status).toBe(200);
    expect(res.body.data?.unattributed).toBe(matchLog(other.matchId).length);
    expect(await storedLines(other.matchId)).toEqual([]);
  });
});
