import { STATUS } from '@versus/common/match/statuses';
import { matchDetailAnswer, statusActionsAnswer } from '@versus/common/api/matches';
import { MATCH_TEXTS } from '@versus/common/match/match-texts';
import { vetoOrder } from '@versus/common/match/veto-order';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import type { Database } from '../db/client.ts';
import { gameServers, matchMaps, matches } from '../db/schema/index.ts';
import { stageScenario } from '../modules/dev/index.ts';
import { effectsSettled } from '../modules/effects/index.ts';
import type { ScenarioName } from '../modules/dev/index.ts';
import { dueSources } from './match-sweeper.ts';
import {
  buildTestApp,
  cancelMatchesInPlay,
  eventually,
  expectAnswer,
  FakeClock,
  freshDatabase,
  signIn,
  type TestApp,
  type TestClient,
} from '../test/index.ts';

const stage = async (t: TestApp, name: ScenarioName) => (await stageScenario(t.app.ctx, name)).matchId;
const statusOf = async (t: TestApp, id: number) =>
  (await t.app.db.select({ s: matches.statusId }).from(matches).where(eq(matches.id, id)))[0]?.s;

describe('tournament ready check', () => {
  let t: TestApp;
  let p1: TestClient;
  let p6: TestClient;
  let p2: TestClient;
  beforeAll(async () => {
    t = await buildTestApp();
    p1 = await signIn(t.app, 'player1');
    p6 = await signIn(t.app, 'player6');
    p2 = await signIn(t.app, 'player2');
  });
  afterAll(async () => {
    await t.close();
  });

  it('sets ready per captain, shows the flags, and a team not ready forfeits at the deadline', async () => {
    const id = await stage(t, 'tournament-ready');
    expect(await statusOf(t, id)).toBe(STATUS.readyUp);
    const ready = (c: TestClient, v: 0 | 1) =>
      c.post(`/api/v1/match-detail/status/${String(id)}/ready/${String(v)}`);
    expect(await ready(p2, 1)).toMatchObject({ status: 403, body: { message: MATCH_TEXTS.readyNotCaptain } });
    expect(await ready(p1, 1)).toMatchObject({
      status: 200,
      body: { message: 'Match has been set to ready' },
    });
    expect(await ready(p1, 1)).toMatchObject({ status: 422, body: { message: MATCH_TEXTS.readyAlready } });
    const flags = await p1.get(`/api/v1/match-detail/status/${String(id)}/actions`);
    expect(expectAnswer(flags, statusActionsAnswer).data).toMatchObject({
      canSetReady: false,
      canSetUnready: true,
    });
    const detail = await p1.get(`/api/v1/match-detail/${String(id)}`);
    expect(expectAnswer(detail, matchDetailAnswer).data.teams.challenger.ready).toBe(true);

    t.clock.advance(10 * 60_000);
    expect(await ready(p6, 1)).toMatchObject({ status: 409, body: { message: MATCH_TEXTS.readyCheckOver } });
    expect(await t.app.matchSweeper.sweepOnce()).toBe(1);
    const [row] = await t.app.db.select().from(matches).where(eq(matches.id, id));
    expect(row).toMatchObject({ statusId: STATUS.finished, winnerSide: 1, forfeit: true });
    expect(t.published.some((p) => p.channel === `match-detail-update.${String(id)}`)).toBe(true);
  });

  it('both ready starts the veto; neither ready cancels', async () => {
    const both = await stage(t, 'tournament-ready');
    await p1.post(`/api/v1/match-detail/status/${String(both)}/ready/1`);
    await p6.post(`/api/v1/match-detail/status/${String(both)}/ready/1`);
    expect(await statusOf(t, both)).toBe(STATUS.mapVeto);
    await cancelMatchesInPlay(t.app); // its players are free for the next match (one at a time)

    const neither = await stage(t, 'tournament-ready');
    await p1.post(`/api/v1/match-detail/status/${String(neither)}/ready/1`);
    expect((await p1.post(`/api/v1/match-detail/status/${String(neither)}/ready/0`)).body).toEqual({
      message: 'Match has been set to not ready',
    });
    t.clock.advance(10 * 60_000);
    await t.app.matchSweeper.sweepOnce();
    expect(await statusOf(t, neither)).toBe(STATUS.cancelled);
  });
});

describe('restart mid-veto', () => {
  it('applies the overdue turns at once, in order, after the app comes back', async () => {
    const database = await freshDatabase(true);
    const clock = new FakeClock();
    const first = await buildTestApp({ database, clock });
    const id = await stage(first, 'ladder-veto-bo3');
    const p6 = await signIn(first.app, 'player6');
    const [map] = await first.app.db
      .select()
      .from(matchMaps)
      .where(eq(matchMaps.matchId, id))
      .orderBy(asc(matchMaps.position));
    expect((await p6.post(`/api/v1/match/${String(id)}/map/${String(map?.mapId)}`)).status).toBe(200);
    await first.closeApp(); // the "crash": nothing runs while the clock moves on

    clock.advance(10 * 60_000);
    const second = await buildTestApp({ database, clock });
    try {
      expect(await second.app.matchSweeper.sweepOnce()).toBe(5);
      const rows = await second.app.db
        .select()
        .from(matchMaps)
        .where(eq(matchMaps.matchId, id))
        .orderBy(asc(matchMaps.mapIndex));
      const order = vetoOrder(3, 7);
      expect(rows.map((r) => r.mapIndex)).toEqual([1, 2, 3, 4, 5, 6, 7]);
      rows.slice(1, 6).forEach((r, i) => {
        const step = order[i + 1];
        const side = step?.team === 'A' ? 2 : 1;
        if (step?.action === 'ban') expect(r.removedBySide).toBe(-1);
        else expect(r.pickedBySide).toBe(side);
        expect(r.isAuto).toBe(true);
      });
      expect(rows[6]?.isDecider).toBe(true);
      expect(await statusOf(second, id)).toBe(STATUS.inProgress);
      await effectsSettled(second.app.ctx); // the server is provisioned after the veto's last turn
      const [server] = await second.app.db.select().from(gameServers).where(eq(gameServers.matchId, id));
      expect(server?.status).toBe('STARTING');
    } finally {
      await second.close();
    }
  });
});

describe('two app instances on one database', () => {
  it('process every deadline exactly once', async () => {
    const database = await freshDatabase(true);
    let other: Database = database;
    if (database.kind === 'postgres') {
      // A second pool on the same test database: real concurrency between the two instances.
      const result = await database.db.execute<{ name: string }>(sql`select current_database() as name`);
      const [row] = (result as { rows: { name: string }[] }).rows;
      const url = new URL(process.env.DATABASE_URL ?? '');
      url.pathname = `/${row?.name ?? ''}`;
      other = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory' });
    }
    const clock = new FakeClock();
    const a = await buildTestApp({ database, clock });
    const b = await buildTestApp({ database: other, clock });
    try {
      const ids: number[] = [];
      for (let i = 0; i < 6; i += 1) ids.push(await stage(a, 'ladder-veto'));
      clock.advance(60 * 60_000);
      const passes = await Promise.all([
        a.app.matchSweeper.sweepOnce(),
        b.app.matchSweeper.sweepOnce(),
        a.app.matchSweeper.sweepOnce(),
        b.app.matchSweeper.sweepOnce(),
      ]);
      // BO1 with 7 maps: 6 bans per match, each applied by exactly one instance.
      expect(passes.reduce((x, y) => x + y, 0)).toBe(ids.length * 6);
      for (const id of ids) {
        expect(await statusOf(a, id)).toBe(STATUS.inProgress);
        const rows = await a.app.db.select().from(matchMaps).where(eq(matchMaps.matchId, id));
        expect(rows.filter((r) => r.removedBySide === -1)).toHaveLength(6);
        const [row] = await a.app.db
          .select({ version: matches.version })
          .from(matches)
          .where(eq(matches.id, id));
        expect(row?.version).toBe(1 + 6); // accept (→ veto) + six system bans
      }
    } finally {
      await b.closeApp();
      if (other !== database) await other.close();
      await a.close();
    }
  });
});

describe('an idle sweeper', () => {
  it('finds nothing due while nothing is, and still applies a deadline passed while it idled', async () => {
    // The sweeper's own timer, every 50 ms, on the test's fake clock.
    const t = await buildTestApp({ env: { MATCH_SWEEP_INTERVAL_MS: '50' } });
    try {
      await cancelMatchesInPlay(t.app);
      const id = await stage(t, 'ladder-veto');
      expect(await dueSources(t.app.ctx, t.clock.time)).toMatchObject({ matches: false, waits: false });
      const version = async () =>
        (await t.app.db.select({ v: matches.version }).from(matches).where(eq(matches.id, id)))[0]?.v;
      const before = await version();
      await new Promise((resolve) => setTimeout(resolve, 300)); // several idle passes
      expect(await version()).toBe(before);
      expect(await statusOf(t, id)).toBe(STATUS.mapVeto);

      t.clock.advance(60 * 60_000); // the turn's deadline passes with no request at all
      expect((await dueSources(t.app.ctx, t.clock.time)).matches).toBe(true);
      await eventually(async () => {
        expect(await statusOf(t, id)).toBe(STATUS.inProgress); // every overdue ban applied by the timer
      });
      expect((await dueSources(t.app.ctx, t.clock.time)).matches).toBe(false);
    } finally {
      await t.close();
    }
  });
});
