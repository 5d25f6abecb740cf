// A ticket's new messages arrive live on its private channel (`private-ticket.{id}`): the match's players and
// admins may subscribe (signed like every private channel), anyone else is refused, and an admin's reply
// reaches a player's open socket once it is stored.
import { channelAuthAnswer } from '@versus/common/api/realtime';
import { realtimeEventSchemas } from '@versus/common/api/realtime-events';
import { eventWireChannel } from '@versus/common/realtime';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tickets } from '../../../db/schema/index.ts';
import { connectRaw } from '../../../realtime/test-support/clients.ts';
import { stage } from '../testing.ts';
import { buildTestApp, expectAnswer, signIn, type TestApp, type TestClient } from '../../../test/index.ts';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

describe('a dispute ticket, live', () => {
  let t: TestApp;
  let port = 0;
  let player: TestClient; // player2: on the disputing team
  let spectator: TestClient; // player11: plays in neither team
  let admin: TestClient;

  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
    player = await signIn(t.app, 'player2');
    spectator = await signIn(t.app, 'player11');
    admin = await signIn(t.app, 'admin');
  });
  afterAll(async () => {
    await t.close();
  });

  /** A raw socket and its id, connected to the app's realtime service. */
  async function socket() {
    const ws = await connectRaw(port, `/app/${t.config.pusher.key}?protocol=7`);
    const { data } = await ws.next('pusher:connection_established');
    return { ws, socketId: (data as { socket_id: string }).socket_id };
  }

  const sign = (client: TestClient, socketId: string, channel: string) =>
    client.post('/broadcasting/auth', `socket_id=${socketId}&channel_name=${channel}`, FORM);

  it("the players' open page gets an admin's reply; others may not listen", async () => {
    const matchId = await stage(t.app, 'score-entered');
    const player1 = await signIn(t.app, 'player1');
    expect(
      (await player1.post(`/api/v1/match-detail/dispute/${String(matchId)}`, { description: 'Six players' }))
        .status,
    ).toBe(200);
    const [ticket] = await t.app.db.select().from(tickets).where(eq(tickets.matchId, matchId));
    if (!ticket) throw new Error('no ticket');
    const channel = eventWireChannel('OnTicketMessage', ticket.id);
    expect(channel).toBe(`private-ticket.${String(ticket.id)}`);

    // Only the ticket's readers get a signature.
    const { ws, socketId } = await socket();
    expect((await sign(spectator, socketId, channel)).status).toBe(403);
    expect(
      (await t.client().post('/broadcasting/auth', `socket_id=${socketId}&channel_name=${channel}`, FORM))
        .status,
    ).toBe(401);
    expect((await sign(admin, socketId, 'private-ticket.999999')).status).toBe(403);
    expect((await sign(admin, socketId, channel)).status).toBe(200);
    const { auth } = expectAnswer(await sign(player, socketId, channel), channelAuthAnswer);
    ws.send({ event: 'pusher:subscribe', data: { channel, auth } });
    await ws.next('pusher_internal:subscription_succeeded');

    const url = `/api/v1/tickets/${String(ticket.id)}/messages`;
    expect((await admin.post(url, { message: 'We are looking at the demo.' })).status).toBe(201);
    const frame = await ws.next('OnTicketMessage');
    const payload = realtimeEventSchemas.OnTicketMessage.parse(frame.data);
    expect(payload).toMatchObject({
      ticketId: ticket.id,
      message: { message: 'We are looking at the demo.', user: { username: 'admin' } },
    });
    ws.ws.close();
  });
});
