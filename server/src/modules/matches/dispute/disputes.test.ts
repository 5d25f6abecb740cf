import { STATUS } from '@versus/common/match/statuses';
import { canDisputeAnswer } from '@versus/common/api/disputes';
import { MATCH_TEXTS } from '@versus/common/match/match-texts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, tickets } from '../../../db/schema/index.ts';
import { stage, statusOf } from '../testing.ts';
import { buildTestApp, expectAnswer, signIn, type TestApp, TestClient } from '../../../test/index.ts';

const DAY = 24 * 3_600_000;

describe('disputes over the API', () => {
  let t: TestApp;
  let p1: TestClient;
  let p2: TestClient; // red-dragons player (not captain)
  let p11: TestClient; // spectator
  let admin: TestClient;
  let anon: TestClient;

  beforeAll(async () => {
    t = await buildTestApp();
    p1 = await signIn(t.app, 'player1');
    p2 = await signIn(t.app, 'player2');
    p11 = await signIn(t.app, 'player11');
    admin = await signIn(t.app, 'admin');
    anon = new TestClient(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  const canDispute = async (client: TestClient, id: number) =>
    expectAnswer(await client.get(`/api/v1/match-detail/dispute/${String(id)}/can-dispute`), canDisputeAnswer)
      .data;
  const dispute = (client: TestClient, id: number, description: unknown = 'They had six players') =>
    client.post(`/api/v1/match-detail/dispute/${String(id)}`, { description });
  const ticketOf = async (id: number) =>
    (await t.app.db.select().from(tickets).where(eq(tickets.matchId, id)))[0];

  it('a match player opens one ticket: 6, admins and both teams told, broadcast', async () => {
    const id = await stage(t.app, 'in-progress');
    expect(await canDispute(p2, id)).toEqual({ canDispute: true, ticket: null });
    expect((await canDispute(p11, id)).canDispute).toBe(false);
    expect((await canDispute(anon, id)).canDispute).toBe(false);

    expect((await dispute(anon, id)).status).toBe(401);
    expect(await dispute(p11, id)).toMatchObject({
      status: 403,
      body: { message: MATCH_TEXTS.disputeNotAllowed },
    });
    expect(await dispute(p2, id, '   ')).toMatchObject({
      status: 422,
      body: { message: 'The description field is required.' },
    });
    expect((await dispute(p2, id, 'x'.repeat(2001))).status).toBe(422);
    expect((await dispute(p2, id, 'x'.repeat(2000))).status).toBe(200);
    expect(await statusOf(p1, id)).toBe(STATUS.disputed);

    const ticket = await ticketOf(id);
    expect(ticket).toMatchObject({ status: 'open', previousStatusId: 4 });
    expect(await canDispute(p2, id)).toEqual({ canDispute: false, ticket: { id: ticket?.id } });
    expect((await dispute(p1, id)).status).toBe(422);
    expect(t.published).toContainEqual({
      channel: `match-detail-disputed.${String(id)}`,
      event: 'OnMatchDetailDisputed',
      payload: { matchId: id, message: expect.any(String) as string },
    });
    const told = (
      await t.app.db.select().from(notifications).where(eq(notifications.type, 'match-disputed'))
    ).filter((n) => n.data.matchId === id);
    expect(told).toHaveLength(11); // ten players and the admin
  });

  it('the ticket page: match players and admins; resolution by admins only', async () => {
    const id = await stage(t.app, 'score-entered');
    expect((await dispute(p1, id)).status).toBe(200);
    const ticketId = (await ticketOf(id))?.id ?? 0;
    const url = `/api/v1/tickets/${String(ticketId)}`;
    expect((await anon.get(url)).status).toBe(401);
    expect((await p11.get(url)).status).toBe(403);
    expect((await p1.get(`/api/v1/tickets/999999`)).status).toBe(404);
    expect(await p2.get(url)).toMatchObject({
      status: 200,
      body: {
        data: {
          id: ticketId,
          status: 'open',
          description: 'They had six players',
          openedBy: { username: 'player1' },
          match: { id, statusId: STATUS.disputed, url: `/match/${String(id)}` },
          messages: [],
          canResolve: false,
        },
      },
    });
    expect((await admin.get(url)).body).toMatchObject({ data: { canResolve: true } });

    // Messages between the teams and admins: plain text, readers may write, others may not.
    const hostile = '<img src=x onerror=alert(1)> we had five';
    expect(await p2.post(`${url}/messages`, { message: `  ${hostile}  ` })).toMatchObject({
      status: 201,
      body: { data: { message: hostile, user: { username: 'player2' } } },
    });
    expect((await admin.post(`${url}/messages`, { message: 'Looking into it' })).status).toBe(201);
    expect((await p11.post(`${url}/messages`, { message: 'me too' })).status).toBe(403);
    expect((await anon.post(`${url}/messages`, { message: 'me too' })).status).toBe(401);
    expect(await p1.post(`${url}/messages`, { message: '   ' })).toMatchObject({
      status: 422,
      body: { errors: { message: ['The message field is required.'] } },
    });
    expect((await p1.get(url)).body).toMatchObject({
      data: { messages: [{ message: hostile }, { message: 'Looking into it', user: { username: 'admin' } }] },
    });

    expect((await p1.post(`${url}/resolve`, { result: 'cancel' })).status).toBe(403);
    expect((await anon.post(`${url}/resolve`, { result: 'cancel' })).status).toBe(401);
    expect((await admin.post(`${url}/resolve`, { result: 'maybe' })).status).toBe(422);
    expect(
      (
        await admin.post(`${url}/resolve`, {
          result: 'score',
          scores: [{ id: 1, firstScore: 1, secondScore: 2 }],
        })
      ).status,
    ).toBe(422);
    expect(await admin.post(`${url}/resolve`, { result: 'cancel', note: 'Replay it' })).toMatchObject({
      status: 200,
    });
    expect(await statusOf(p1, id)).toBe(STATUS.cancelled);
    expect(await ticketOf(id)).toMatchObject({
      status: 'resolved',
      resolution: 'cancelled',
      resolutionNote: 'Replay it',
    });
    expect(t.published).toContainEqual(
      expect.objectContaining({
        channel: `match-detail-on-cancelled.${String(id)}`,
        event: 'OnMatchCancelled',
      }),
    );
    expect(await admin.post(`${url}/resolve`, { result: 'cancel' })).toMatchObject({
      status: 422,
      body: { message: MATCH_TEXTS.resolveWrongStatus },
    });
    expect((await p1.post(`${url}/messages`, { message: 'after the fact' })).status).toBe(409);
    const told = (
      await t.app.db.select().from(notifications).where(eq(notifications.type, 'dispute-resolved'))
    ).filter((n) => n.data.matchId === id);
    expect(told).toHaveLength(10);
  });

  it('players may dispute until 24 h after the finish', async () => {
    const id = await stage(t.app, 'finished');
    t.clock.advance(DAY - 1000);
    expect((await canDispute(p2, id)).canDispute).toBe(true);
    t.clock.advance(1000);
    expect((await canDispute(p2, id)).canDispute).toBe(false);
    expect(await dispute(p2, id)).toMatchObject({
      status: 422,
      body: { message: MATCH_TEXTS.disputeWindowOver },
    });
  });

  it('not before the match is played', async () => {
    const id = await stage(t.app, 'ladder-veto');
    expect((await canDispute(p1, id)).canDispute).toBe(false);
    expect(await dispute(p1, id)).toMatchObject({
      status: 422,
      body: { message: MATCH_TEXTS.disputeWrongStatus },
    });
  });
});
