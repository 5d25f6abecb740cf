// Every match event through HTTP to a real local receiver (docs/webhooks.md#events). Four endpoints hear
// every event: an admin's for every match, an admin's for the demo ladder only, an admin's for one
// tournament only, and Red Dragons' captain's. A ladder match is challenged, accepted, vetoed, disputed and
// resolved over the API; a tournament is drawn and played by the sweeper; a solo-queue pops. Each delivery's
// body is checked, its signature verified with its endpoint's secret, and each endpoint gets only the
// matches it hears (the connection string only the admins' endpoints).
import { canDisputeAnswer } from '@versus/common/api/disputes';
import { matchServerAnswer, vetoMatchAnswer } from '@versus/common/api/matches';
import { webhookAnswer } from '@versus/common/api/webhooks';
import { WEBHOOK_EVENTS } from '@versus/common/webhooks/events';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { soloQueues } from '../../db/schema/index.ts';
import { effectsSettled, effectsWorkerOf } from '../effects/index.ts';
import { runMatchCommand } from '../matches/index.ts';
import { scoreForm } from '../matches/testing.ts';
import {
  buildTestApp,
  eventually,
  expectAnswer,
  joinAndAcceptAll,
  ladderId,
  ladderMatch,
  makeTeams,
  makeTournament,
  type TestApp,
  type TestClient,
} from '../../test/index.ts';
import { parseDelivery, Receiver, verifySignature, type GenericDelivery } from './testing.ts';

const HOUR = 3_600_000;
const SECRETS = {
  all: 'secret-of-every-match-0001',
  ladder: 'secret-of-the-ladder-00002',
  cup: 'secret-of-the-cup-00000003',
  team: 'secret-of-red-dragons-0004',
} as const;
type Hook = keyof typeof SECRETS;

let t: TestApp;
let receiver: Receiver;
let base: string;
let admin: TestClient;
let p1: TestClient;
let p6: TestClient;
let ladder: number;
let cup: Awaited<ReturnType<typeof makeTournament>>;
let cupTeams: Awaited<ReturnType<typeof makeTeams>>;
/** The sweeper at `at`, the clock moved there first (deliveries are due at the time they were recorded). */
async function sweepAt(at: number): Promise<void> {
  t.clock.advance(at - t.clock.now());
  await t.app.matchSweeper.sweepOnce(at);
}
const start = () => cup.startDate.getTime();

beforeAll(async () => {
  receiver = new Receiver();
  base = await receiver.start();
  t = await buildTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: '1' } });
  admin = await t.signIn('admin');
  p1 = await t.signIn('player1');
  p6 = await t.signIn('player6');
  ladder = await ladderId(t.app);
  cupTeams = await makeTeams(t.app, 4);
  cup = await makeTournament(
    t.app,
    t.clock.now() + 2 * HOUR,
    cupTeams.map((m) => m.id),
  );
  const register = async (client: TestClient, url: string, body: Record<string, unknown>) =>
    expectAnswer(
      await client.post(url, { type: 'generic', events: WEBHOOK_EVENTS, ...body }),
      webhookAnswer,
      201,
    );
  await register(admin, '/api/v1/admin/webhooks', { name: 'All', url: `${base}/all`, secret: SECRETS.all });
  await register(admin, '/api/v1/admin/webhooks', {
    name: 'Ladder',
    url: `${base}/ladder`,
    secret: SECRETS.ladder,
    ladderIds: [ladder],
  });
  await register(admin, '/api/v1/admin/webhooks', {
    name: 'Cup',
    url: `${base}/cup`,
    secret: SECRETS.cup,
    tournamentIds: [cup.id],
  });
  await register(p1, '/api/v1/teams/red-dragons/webhooks', {
    name: 'Dragons',
    url: `${base}/team`,
    secret: SECRETS.team,
  });
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

/**
 * What endpoint `hook` received, in the order the events were recorded (their delivery ids: deliveries start
 * detached from the answers, so two changes' may arrive the other way round), each body's signature verified
 * with its secret (and not another's). Call after `effectsSettled`.
 */
function deliveries(hook: Hook, filter: (d: GenericDelivery) => boolean = () => true): GenericDelivery[] {
  const got = receiver.at(`/${hook}`);
  for (const r of got) {
    expect(verifySignature(r, SECRETS[hook]), r.body).toBe(true);
    expect(verifySignature(r, hook === 'all' ? SECRETS.cup : SECRETS.all)).toBe(false);
    expect(r.headers['x-versus-event']).toBe(parseDelivery(r).event);
    expect(r.headers['x-versus-delivery']).toBe(String(parseDelivery(r).id));
  }
  return got
    .map(parseDelivery)
    .sort((a, b) => a.id - b.id)
    .filter(filter);
}
const ofMatch = (matchId: number) => (d: GenericDelivery) => d.data.match.id === matchId;
const events = (list: GenericDelivery[]) => list.map((d) => d.event);
const byEvent = (list: GenericDelivery[], event: string) => list.find((d) => d.event === event)?.data;

/** Plays the whole veto over HTTP, each turn clicked by its captain. */
async function vetoOverHttp(matchId: number, captains: Map<string, TestClient>): Promise<void> {
  for (let turn = 0; turn < 20; turn += 1) {
    const { data: match } = expectAnswer(await p1.get(`/api/v1/match/${String(matchId)}`), vetoMatchAnswer);
    if (!match.vetoDetail) return;
    const onTurn = [match.challengerUser, match.opponentUser].find((u) => u?.id === match.vetoDetail?.userId);
    const client = onTurn ? captains.get(onTurn.username) : undefined;
    const open = match.maps.find((m) => m.mapIndex === null);
    if (!client || !open) throw new Error(`no veto turn in match ${String(matchId)}`);
    const click = await client.post(`/api/v1/match/${String(matchId)}/map/${String(open.id)}`);
    expect(click.status, JSON.stringify(click.body)).toBe(200);
  }
  throw new Error('the veto did not end');
}

describe('webhook events, delivered to a real receiver', () => {
  it('a ladder match: created to result, its veto, server, dispute and standings, to the endpoints that hear it', async () => {
    const matchId = await ladderMatch(t.app, {
      challenger: p1,
      opponentSlug: 'northern-wolves',
      accepter: p6,
    });
    await vetoOverHttp(
      matchId,
      new Map([
        ['player1', p1],
        ['player6', p6],
      ]),
    );
    // The game server follows the last turn's answer; the server-ready wait retries until it is up, one
    // pass of the worker later.
    await eventually(async () => {
      const box = await p1.get(`/api/v1/match/${String(matchId)}/server`);
      expect(expectAnswer(box, matchServerAnswer).data.serverAvailable).toBe(true);
    });
    await effectsWorkerOf(t.app.ctx).runDue(t.clock.advance(5_000));
    await effectsSettled(t.app.ctx); // the server.ready deliveries its handler started
    const mapRow = (await scoreForm(p1, matchId)).enteredScores[0]?.id ?? 0;

    expect(
      (await p6.post(`/api/v1/match-detail/dispute/${String(matchId)}`, { description: 'Six players' }))
        .status,
    ).toBe(200);
    const ticket = expectAnswer(
      await p6.get(`/api/v1/match-detail/dispute/${String(matchId)}/can-dispute`),
      canDisputeAnswer,
    ).data.ticket;
    const resolved = await admin.post(`/api/v1/tickets/${String(ticket?.id)}/resolve`, {
      result: 'score',
      scores: [{ id: mapRow, firstScore: 13, secondScore: 7 }],
    });
    expect(resolved.status, JSON.stringify(resolved.body)).toBe(200);
    await effectsSettled(t.app.ctx);

    const expected = [
      'match.created',
      'match.accepted',
      'veto.finished',
      'server.ready',
      'dispute.opened',
      'map.finished',
      'dispute.resolved',
      'match.result',
      'standings.changed',
    ];
    const all = deliveries('all', ofMatch(matchId));
    expect(events(all)).toEqual(expected);
    expect(events(deliveries('ladder', ofMatch(matchId)))).toEqual(expected);
    expect(events(deliveries('team', ofMatch(matchId)))).toEqual(expected);
    expect(deliveries('cup', ofMatch(matchId))).toEqual([]);
    // Every delivery has its own id; the body names the match.
    expect(new Set(all.map((d) => d.id)).size).toBe(all.length);
    expect(all[0]?.data.match).toMatchObject({
      id: matchId,
      type: 'ladder',
      ladderId: ladder,
      tournamentId: null,
      challenger: { name: 'Red Dragons' },
      opponent: { name: 'Northern Wolves' },
      url: `http://localhost:3000/match/${String(matchId)}`,
    });

    const veto = z
      .object({ maps: z.array(z.object({ order: z.number(), map: z.string(), pickedBy: z.string() })) })
      .parse(byEvent(all, 'veto.finished'));
    expect(veto.maps).toHaveLength(1);
    expect(veto.maps[0]).toMatchObject({ order: 1, map: expect.any(String) as string });
    expect(['Red Dragons', 'Northern Wolves', 'decider']).toContain(veto.maps[0]?.pickedBy);

    // The connection string goes to the admins' endpoints only, never to a captain's.
    const ready = byEvent(all, 'server.ready');
    expect(ready?.connect).toMatch(/^connect \S+:\d+; password \S+$/);
    expect(byEvent(deliveries('ladder', ofMatch(matchId)), 'server.ready')?.connect).toBe(ready?.connect);
    const teamReady = byEvent(deliveries('team', ofMatch(matchId)), 'server.ready');
    expect(teamReady).toBeDefined();
    expect(teamReady).not.toHaveProperty('connect');
    expect(receiver.at('/team').some((r) => r.body.includes(String(ready?.connect)))).toBe(false);

    expect(byEvent(all, 'map.finished')).toMatchObject({
      order: 1,
      map: veto.maps[0]?.map,
      challengerScore: 13,
      opponentScore: 7,
    });
    expect(byEvent(all, 'dispute.resolved')).toMatchObject({ status: 'finished' });
    expect(byEvent(all, 'match.result')).toMatchObject({
      winner: 'Red Dragons',
      challengerMaps: 1,
      opponentMaps: 0,
      forfeit: false,
      maps: [{ order: 1, challengerScore: 13, opponentScore: 7 }],
    });
    expect(byEvent(all, 'standings.changed')).toMatchObject({
      ladderId: ladder,
      competition: expect.any(String) as string,
    });
  });

  it('a tournament: its matches created, each round started once, results; heard by the cup endpoint only', async () => {
    await sweepAt(start());
    await effectsSettled(t.app.ctx);
    const inCup = (d: GenericDelivery) => d.data.match.tournamentId === cup.id;
    let cupGot = deliveries('cup');
    expect(cupGot.every(inCup)).toBe(true);
    expect(events(cupGot)).toEqual(['match.created', 'match.created', 'tournament.round-started']);
    const semis = cupGot.filter((d) => d.event === 'match.created').map((d) => d.data.match);
    expect(semis.every((m) => m.type === 'tournament')).toBe(true);
    expect(byEvent(cupGot, 'match.created')).toMatchObject({ bestOf: 1 });
    expect(byEvent(cupGot, 'tournament.round-started')).toEqual(
      expect.objectContaining({ tournamentId: cup.id, round: 1 }),
    );

    // One captain of each semi-final readies up; the other forfeits at the ready check's deadline.
    for (const semi of semis) {
      const record = await t.app.db.query.matches.findFirst({ where: (m, { eq: is }) => is(m.id, semi.id) });
      await runMatchCommand(t.app.ctx, semi.id, {
        type: 'ready.set',
        actor: { userId: record?.challengerCaptainId ?? 0, isAdmin: false },
        ready: true,
      });
    }
    await sweepAt(start() + 11 * 60_000);
    await sweepAt(start() + HOUR);
    await effectsSettled(t.app.ctx);
    cupGot = deliveries('cup');
    expect(cupGot.every(inCup)).toBe(true);
    // The second semi-final's result and the final it makes are one change (the final may come first).
    expect(events(cupGot).slice(3, 6).sort()).toEqual(['match.created', 'match.result', 'match.result']);
    expect(events(cupGot).slice(6)).toEqual(['tournament.round-started']);
    expect(cupGot.filter((d) => d.event === 'match.result').map((d) => d.data.forfeit)).toEqual([true, true]);
    expect(cupGot.at(-1)?.data).toMatchObject({ tournamentId: cup.id, round: 2 });
    expect(cupGot.filter((d) => d.event === 'match.created').at(-1)?.data).toMatchObject({ bestOf: 3 });
    expect(cupGot.some((d) => d.event === 'standings.changed')).toBe(false);

    // The every-match endpoint got the same; the ladder's and the team's none of it.
    expect(events(deliveries('all', inCup))).toEqual(events(cupGot));
    expect(deliveries('ladder', inCup)).toEqual([]);
    expect(deliveries('team', inCup)).toEqual([]);
    expect(deliveries('ladder').every((d) => d.data.match.ladderId === ladder)).toBe(true);
  });

  it('a solo-queue match: created when its pop is accepted, heard by the every-match endpoint only', async () => {
    const [queue] = await t.app.db.select().from(soloQueues).limit(1);
    const queueId = queue?.id ?? 0;
    await t.app.db.update(soloQueues).set({ teamSize: 1 }).where(eq(soloQueues.id, queueId));
    const matchId = await joinAndAcceptAll([await t.signIn('player11'), await t.signIn('player12')], queueId);
    await effectsSettled(t.app.ctx);
    const created = deliveries('all', ofMatch(matchId));
    expect(events(created)).toEqual(['match.created']);
    expect(created[0]?.data.match).toMatchObject({
      id: matchId,
      type: 'solo-queue',
      ladderId: null,
      tournamentId: null,
    });
    for (const hook of ['ladder', 'cup', 'team'] as const)
      expect(deliveries(hook, ofMatch(matchId))).toEqual([]);
  });
});
