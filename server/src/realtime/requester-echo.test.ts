// The clicking tab gets no echo: a veto turn and a pick answer with what changed, and their broadcasts
// (`OnMatchMapChange`, `OnMatchPlayerPickerUpdate`) leave out the socket the request named in `X-Socket-ID`
// (when that socket was signed for the same user), while the other captain's socket gets them. Every match
// command route refuses a signed-out call before looking at its params or body.
import { vetoMatchAnswer, vetoSelectAnswer } from '@versus/common/api/matches';
import { pickDataAnswer, pickSelectAnswer } from '@versus/common/api/pick';
import { userAuthAnswer } from '@versus/common/api/realtime';
import { realtimeEventSchemas } from '@versus/common/api/realtime-events';
import { eventWireChannel } from '@versus/common/realtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stageScenario } from '../modules/dev/index.ts';
import { buildTestApp, expectAnswer, signIn, type TestApp, type TestClient } from '../test/index.ts';
import { connectRaw } from './test-support/clients.ts';
import type { RawClient } from './test-support/clients.ts';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

describe('a command answers the clicking tab, and its broadcast leaves that tab out', () => {
  let t: TestApp;
  let port = 0;

  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(async () => {
    await t.close();
  });

  /** A captain's open tab: a socket signed in as the user and listening on `channel`. */
  async function tab(client: TestClient, channel: string): Promise<{ ws: RawClient; socketId: string }> {
    const ws = await connectRaw(port, `/app/${t.config.pusher.key}?protocol=7`);
    const { data } = await ws.next('pusher:connection_established');
    const socketId = (data as { socket_id: string }).socket_id;
    // Signed in as the user (pusher-js `signin()`): only then may a request leave this socket out.
    const signed = await client.post('/broadcasting/user-auth', `socket_id=${socketId}`, FORM);
    ws.send({ event: 'pusher:signin', data: expectAnswer(signed, userAuthAnswer) });
    await ws.next('pusher:signin_success');
    ws.send({ event: 'pusher:subscribe', data: { channel } });
    await ws.next('pusher_internal:subscription_succeeded');
    return { ws, socketId };
  }

  it('refuses every match command signed out (401)', async () => {
    const anonymous = t.client();
    for (const url of [
      '/api/v1/match-detail/status/1/accept',
      '/api/v1/match-detail/lineup/1',
      '/api/v1/match-detail/status/1/cancel',
      '/api/v1/match-detail/status/1/ready/1',
      '/api/v1/match/1/map/1',
      '/api/v1/pug/1/select/1',
    ]) {
      expect({ url, status: (await anonymous.post(url, {})).status }).toEqual({ url, status: 401 });
    }
  });

  it('a veto turn: the answer carries the match; only the other captain hears OnMatchMapChange', async () => {
    const { matchId } = await stageScenario(t.app.ctx, 'ladder-veto');
    const read = async () =>
      expectAnswer(await t.client().get(`/api/v1/match/${String(matchId)}`), vetoMatchAnswer).data;
    const before = await read();
    const onTurn = before.vetoDetail?.userId;
    const captains = [before.challengerUser, before.opponentUser];
    const first = captains.find((c) => c?.id === onTurn);
    const second = captains.find((c) => c && c.id !== onTurn);
    if (!first || !second) throw new Error('no captains in the veto');
    const a = await signIn(t.app, first.username);
    const b = await signIn(t.app, second.username);
    const channel = eventWireChannel('OnMatchMapChange', matchId);
    const tabA = await tab(a, channel);
    const tabB = await tab(b, channel);
    const [m1, m2] = before.maps;
    if (!m1 || !m2) throw new Error('no maps');

    const clickA = await a.post(`/api/v1/match/${String(matchId)}/map/${String(m1.id)}`, undefined, {
      'x-socket-id': tabA.socketId,
    });
    const answerA = expectAnswer(clickA, vetoSelectAnswer);
    expect(answerA.message).toBe(`${m1.map.name} - selected successfully.`);
    expect(answerA.data).toEqual(await read());
    expect(answerA.data.vetoDetail?.userId).toBe(second.id);
    const heardByB = realtimeEventSchemas.OnMatchMapChange.parse(
      (await tabB.ws.next('OnMatchMapChange')).data,
    );
    expect(heardByB.match).toEqual(answerA.data);

    // The other captain's turn: now A's tab hears it, and the first event it hears is this one (events
    // reach a socket in order, so A's own turn never reached it).
    const clickB = await b.post(`/api/v1/match/${String(matchId)}/map/${String(m2.id)}`, undefined, {
      'x-socket-id': tabB.socketId,
    });
    const answerB = expectAnswer(clickB, vetoSelectAnswer);
    const heardByA = realtimeEventSchemas.OnMatchMapChange.parse(
      (await tabA.ws.next('OnMatchMapChange')).data,
    );
    expect(heardByA.match).toEqual(answerB.data);
    expect(tabA.ws.messages.filter((m) => m.event === 'OnMatchMapChange')).toEqual([]);
    tabA.ws.ws.close();
    tabB.ws.ws.close();
  });

  it('a pick: the answer carries the pick data; only the other captain hears the player picker', async () => {
    const { matchId } = await stageScenario(t.app.ctx, 'pug-pick');
    const read = async () =>
      expectAnswer(await t.client().get(`/api/v1/pug/${String(matchId)}/users`), pickDataAnswer).data;
    const before = await read();
    const picker = before.pickerTeamId === 1 ? before.challengerUser : before.opponentUser;
    const other = before.pickerTeamId === 1 ? before.opponentUser : before.challengerUser;
    if (!picker || !other) throw new Error('no captains in player select');
    const a = await signIn(t.app, picker.username);
    const b = await signIn(t.app, other.username);
    const channel = eventWireChannel('OnMatchPlayerPickerUpdate', matchId);
    const tabA = await tab(a, channel);
    const tabB = await tab(b, channel);
    const pool = (data: typeof before) => data.users.filter((u) => u.teamId === -1);
    const [target] = pool(before);
    if (!target) throw new Error('empty pool');

    const pickA = await a.post(`/api/v1/pug/${String(matchId)}/select/${String(target.id)}`, undefined, {
      'x-socket-id': tabA.socketId,
    });
    const answerA = expectAnswer(pickA, pickSelectAnswer);
    expect(answerA.message).toBe(`<b>${target.username}</b> was picked successfully.`);
    expect(answerA.data).toEqual(await read());
    const heardByB = realtimeEventSchemas.OnMatchPlayerPickerUpdate.parse(
      (await tabB.ws.next('OnMatchPlayerPickerUpdate')).data,
    );
    expect(heardByB.pug).toEqual(answerA.data);

    // Snake order: the other captain picks next; A's tab hears that pick first.
    const [next] = pool(answerA.data);
    if (!next) throw new Error('empty pool');
    const pickB = await b.post(`/api/v1/pug/${String(matchId)}/select/${String(next.id)}`, undefined, {
      'x-socket-id': tabB.socketId,
    });
    const answerB = expectAnswer(pickB, pickSelectAnswer);
    const heardByA = realtimeEventSchemas.OnMatchPlayerPickerUpdate.parse(
      (await tabA.ws.next('OnMatchPlayerPickerUpdate')).data,
    );
    expect(heardByA.pug).toEqual(answerB.data);
    expect(tabA.ws.messages.filter((m) => m.event === 'OnMatchPlayerPickerUpdate')).toEqual([]);
    tabA.ws.ws.close();
    tabB.ws.ws.close();
  });
});
