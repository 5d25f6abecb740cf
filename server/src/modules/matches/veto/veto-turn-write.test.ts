import { vetoMatchAnswer } from '@versus/common/api/matches';
import { MATCH_TEXTS } from '@versus/common/match/match-texts';
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { matchMaps, teams } from '../../../db/schema/index.ts';
import { stageScenario } from '../../dev/index.ts';
import { effectsSettled } from '../../effects/index.ts';
import { matchAtLastVetoStep, vetoTurnOf } from '../../game-servers/testing.ts';
import { Receiver } from '../../webhooks/testing.ts';
import { MATCH_READ_MAX_AGE_MS } from '../core/match-read-cache.ts';
import { loadCurrentMatch } from '../core/match-reads.ts';
import { matchVersion } from '../core/match.repository.ts';
import { buildTestApp, eventually, expectAnswer, signIn, type TestApp } from '../../../test/index.ts';

// A veto turn on a match this instance holds is written by one statement that checks the held version
// (docs/match-engine.md); when another instance changed the match meanwhile, nothing of it is written and
// the turn is decided again on the locked row.
describe('a veto turn on a match another instance changed', () => {
  let t: TestApp;
  let other: TestApp; // a second instance on the same database

  beforeAll(async () => {
    t = await buildTestApp();
    other = await buildTestApp({ database: t.database, clock: t.clock });
  });
  afterAll(async () => {
    await other.closeApp();
    await t.close();
  });

  it('is decided on the match as stored, not on the copy this instance held', async () => {
    const { matchId } = await stageScenario(t.app.ctx, 'ladder-veto');
    const here = await signIn(t.app, 'player6');
    const there = await signIn(other.app, 'player6');
    const path = `/api/v1/match/${String(matchId)}`;
    const before = expectAnswer(await here.get(path), vetoMatchAnswer).data; // held by this instance
    const [first, second] = before.maps;
    if (!first || !second) throw new Error('no maps');
    const version = () => matchVersion(t.app.db, matchId);
    const held = await version();

    // The other instance plays the turn: this one's copy still shows it open.
    expect((await there.post(`${path}/map/${String(first.id)}`)).status).toBe(200);
    const res = await here.post(`${path}/map/${String(second.id)}`);
    // The locked row says the turn is the other captain's now.
    expect(res).toMatchObject({
      status: 422,
      body: { errors: { validator: [MATCH_TEXTS.vetoNotYourTurn] } },
    });
    expect(await version()).toBe((held ?? 0) + 1);
    const rows = await t.app.db
      .select({ mapIndex: matchMaps.mapIndex })
      .from(matchMaps)
      .where(and(eq(matchMaps.matchId, matchId), eq(matchMaps.mapId, second.id)));
    expect(rows).toEqual([{ mapIndex: null }]);
  });
});

// A command decides only on what the match's version covers, so the rows this instance holds serve it however old
// they are (match-read-cache.ts, `known`); the entry it stores keeps their age, so a reader reloads the rows around
// the match that aged (docs/match-engine.md, "The read cache").
describe('a veto turn on a match held longer than the read cache keeps rows around it', () => {
  let t: TestApp;
  // The read cache's clock, moved past the max age of what a test read so far.
  const realNow = performance.now.bind(performance);
  let ahead = 0;
  const pastMaxAge = () => (ahead += MATCH_READ_MAX_AGE_MS + 1000);

  beforeAll(async () => {
    t = await buildTestApp();
    vi.spyOn(performance, 'now').mockImplementation(() => realNow() + ahead);
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await t.close();
  });

  it('is still written by the one statement, and the next read shows what changed around the match', async () => {
    const { matchId } = await stageScenario(t.app.ctx, 'ladder-veto');
    const captain = await signIn(t.app, 'player6');
    const path = `/api/v1/match/${String(matchId)}`;
    const before = expectAnswer(await captain.get(path), vetoMatchAnswer).data; // held by this instance
    const [first] = before.maps;
    if (!first) throw new Error('no maps');
    // A team renamed meanwhile: the match's version does not move.
    const teamA = before.detail.teamA;
    await t.app.db.update(teams).set({ name: 'Renamed Squad' }).where(eq(teams.id, teamA.teamId));
    pastMaxAge();

    const transactions = vi.spyOn(t.app.ctx.db, 'transaction');
    expect((await captain.post(`${path}/map/${String(first.id)}`)).status).toBe(200);
    expect(transactions).not.toHaveBeenCalled(); // the locked path would have loaded the match in a transaction
    transactions.mockRestore();

    const after = expectAnswer(await captain.get(path), vetoMatchAnswer).data;
    expect(after.detail.teamA).toEqual({ teamId: teamA.teamId, name: 'Renamed Squad' });
    const rows = await t.app.db
      .select({ mapIndex: matchMaps.mapIndex })
      .from(matchMaps)
      .where(and(eq(matchMaps.matchId, matchId), eq(matchMaps.mapId, first.id)));
    expect(rows).not.toEqual([{ mapIndex: null }]);
  });

  it("loads the match for its game server's provisioning from the rows it holds, however old", async () => {
    const { matchId } = await stageScenario(t.app.ctx, 'ladder-veto');
    const captain = await signIn(t.app, 'player6');
    const before = expectAnswer(await captain.get(`/api/v1/match/${String(matchId)}`), vetoMatchAnswer).data;
    const teamA = before.detail.teamA;
    await t.app.db.update(teams).set({ name: 'Squad Renamed' }).where(eq(teams.id, teamA.teamId));
    pastMaxAge();
    const current = await loadCurrentMatch(t.app.ctx, matchId);
    const side = current?.teams.challenger?.team.id === teamA.teamId ? 'challenger' : 'opponent';
    expect(current?.teams[side]?.team.name).toBe(teamA.name); // held, not read again
    expect(current?.row.version).toBe(await matchVersion(t.app.db, matchId));
  });
});

// What a veto's last turn costs the database, counted at the driver (PostgreSQL: every statement goes through
// node-postgres's `Client.query`, BEGIN and COMMIT included): the turn's write, the provision effect (claimed by
// one statement, docs/match-engine.md#effects-outbox) and, with an endpoint hearing the veto's end, one read of
// the endpoints however many events the change causes and the delivery's effect.
describe.runIf(process.env.TEST_DB === 'postgres')("a veto's last turn, counted in statements", () => {
  let t: TestApp;
  const receiver = new Receiver();
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it('reads the endpoints once and claims each effect by one statement', async () => {
    const base = await receiver.start();
    const admin = await signIn(t.app, 'admin');
    const created = await admin.post('/api/v1/admin/webhooks', {
      type: 'generic',
      name: 'Veto bot',
      url: `${base}/veto`,
      secret: 'a-receiver-secret-0123456789',
      events: ['veto.finished'],
    });
    expect(created.status).toBe(201);
    const matchId = await matchAtLastVetoStep(t.app.ctx);
    const path = `/api/v1/match/${String(matchId)}`;
    const turn = await vetoTurnOf(t.app.ctx, matchId);
    const captain = await signIn(t.app, turn.username);
    expectAnswer(await captain.get(path), vetoMatchAnswer); // held by this instance, as the room holds it

    const statements: string[] = [];
    const query = vi.spyOn(pg.Client.prototype, 'query');
    try {
      expect((await captain.post(`${path}/map/${String(turn.mapId)}`)).status).toBe(200);
      await effectsSettled(t.app.ctx);
      for (const [q] of query.mock.calls as unknown[][]) {
        statements.push(typeof q === 'string' ? q : ((q as { text?: string }).text ?? ''));
      }
    } finally {
      query.mockRestore();
    }
    // The turn's transaction: its writes, the provision effect, one read of the endpoints, the delivery and its
    // effect. After it: the provision (claim, server, match row, insert, token, done: 6) and the delivery
    // (claim, delivery, its endpoint, result, done: 5), each claimed by one statement.
    await eventually(() => expect(receiver.at('/veto')).toHaveLength(1));
    const commit = statements.indexOf('commit');
    expect(statements.filter((q) => /^begin/i.test(q))).toEqual(['begin']); // the turn's own transaction only
    const inTurn = statements.slice(0, commit);
    expect(inTurn.filter((q) => /from "webhook_endpoints"/.test(q))).toHaveLength(1);
    expect(statements.filter((q) => /for update skip locked/.test(q))).toHaveLength(2);
    expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(20);
  });
});
