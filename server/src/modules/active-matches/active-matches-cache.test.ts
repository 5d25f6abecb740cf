// The Active games panel answered from memory: byte for byte what its schema encodes, with an ETag (304 for
// If-None-Match), and never stale after a change made through the app: a solo-queue pop forming a match, a
// cancellation, a ladder challenge, its acceptance, a result. The cache lives for ten minutes here, so only
// the invalidation can make these tests pass; the same on two instances over Redis.
import { activeMatchesAnswer } from '@versus/common/api/active-matches';
import { STATUS } from '@versus/common/match/statuses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { soloQueues } from '../../db/schema/index.ts';
import { userPageCache } from '../../core/page-cache.ts';
import { serializeAnswer } from '../../lib/http.ts';
import { approve, postScore, stage } from '../matches/testing.ts';
import { findUserByUsername } from '../users/index.ts';
import {
  buildTestApp,
  cancelMatchesInPlay,
  expectAnswer,
  joinAndAcceptAll,
  ladderMatch,
  redisDeployment,
  type RedisDeployment,
  type TestApp,
  type TestClient,
} from '../../test/index.ts';
import { userActiveMatches } from './active-match.service.ts';

const LONG = { PAGE_CACHE_TTL_MS: '600000' };
const PATH = '/api/v1/match/user-active-matches?page=1';

/** The ids and statuses a player's panel lists, newest first. */
async function listed(client: TestClient): Promise<Array<[number, number]>> {
  const body = expectAnswer(await client.get(PATH), activeMatchesAnswer).data;
  expect(body.userActiveMatchesCount).toBe(body.data.length);
  return body.data.map((m) => [m.id, m.statusId]);
}

describe('the Active games panel, answered from memory', () => {
  let t: TestApp;
  let players: TestClient[]; // player1 … player10: red-dragons (1 captain) and northern-wolves (6 captain)
  const player = (n: number): TestClient => {
    const client = players[n - 1];
    if (!client) throw new Error(`no player${String(n)}`);
    return client;
  };

  beforeAll(async () => {
    t = await buildTestApp({ env: LONG });
    players = [];
    for (let n = 1; n <= 10; n++) players.push(await t.signIn(`player${String(n)}`));
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists a solo-queue match as soon as it forms, and drops it once cancelled', async () => {
    for (const client of players) expect(await listed(client)).toEqual([]);
    const [queue] = await t.app.db.select().from(soloQueues);
    if (!queue) throw new Error('no queue');
    expect(queue.teamFormation).toBe('draft');
    const id = await joinAndAcceptAll(players, queue.id);
    for (const client of players) expect(await listed(client)).toEqual([[id, STATUS.playerSelect]]);

    await cancelMatchesInPlay(t.app);
    for (const client of players) expect(await listed(client)).toEqual([]);
  });

  it('follows a ladder challenge: created, accepted, played to a result', async () => {
    for (const n of [2, 7]) expect(await listed(player(n))).toEqual([]);
    const id = await ladderMatch(t.app, { challenger: player(1), opponentSlug: 'northern-wolves' });
    for (const n of [1, 2, 6, 7]) expect(await listed(player(n))).toEqual([[id, STATUS.challenge]]);

    const accepted = await player(6).post(`/api/v1/match-detail/status/${String(id)}/accept`);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const [[, status] = [0, 0]] = await listed(player(7));
    expect(status).not.toBe(STATUS.challenge);
    expect(await listed(player(2))).toEqual([[id, status]]);

    await cancelMatchesInPlay(t.app);
    expect(await listed(player(2))).toEqual([]);

    // A match in progress, listed, then played to a result: the finished match leaves every panel.
    const played = await stage(t.app, 'in-progress');
    for (const n of [1, 2, 6, 7]) expect(await listed(player(n))).toEqual([[played, STATUS.inProgress]]);
    expect((await postScore(player(1), played, 13, 7)).status).toBe(200);
    expect((await approve(player(6), played, 1)).status).toBe(200);
    for (const n of [1, 2, 6, 7]) expect(await listed(player(n))).toEqual([]);
  });

  it('answers with an ETag and 304 for If-None-Match, byte for byte what the schema encodes', async () => {
    const id = await ladderMatch(t.app, { challenger: player(1), opponentSlug: 'northern-wolves' });
    for (const n of [1, 7]) {
      const user = await findUserByUsername(t.app.db, `player${String(n)}`);
      if (!user) throw new Error('no user');
      for (let round = 0; round < 2; round++) {
        const res = await player(n).get(PATH);
        expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(JSON.stringify(expectAnswer(res, activeMatchesAnswer))).toBe(
          serializeAnswer(activeMatchesAnswer, await userActiveMatches(t.app.db, user.id, 1)),
        );
        expect(res.headers['cache-control']).toBe('private, no-cache');
        const etag = String(res.headers.etag);
        const same = await player(n).get(PATH, { 'if-none-match': etag });
        expect(same.status).toBe(304);
        expect(same.body).toBeNull();
      }
    }
    // A page past the end still answers the count.
    const past = expectAnswer(
      await player(1).get('/api/v1/match/user-active-matches?page=5'),
      activeMatchesAnswer,
    );
    expect(past.data).toMatchObject({ data: [], userActiveMatchesCount: 1, current_page: 5 });
    expect((await listed(player(1)))[0]?.[0]).toBe(id);
    // A bad page number is page 1 (pagination.ts), never an error.
    const zero = await player(1).get('/api/v1/match/user-active-matches?page=0');
    expect(expectAnswer(zero, activeMatchesAnswer).data).toMatchObject({ current_page: 1, total: 1 });
  });

  it('keeps one entry per user however many pages the user asks for', async () => {
    const cache = userPageCache(t.app.ctx);
    await listed(player(2));
    const before = cache.size;
    for (let page = 2; page <= 30; page++) {
      const answer = await player(2).get(`/api/v1/match/user-active-matches?page=${String(page)}`);
      expect(expectAnswer(answer, activeMatchesAnswer).data).toMatchObject({ data: [], current_page: page });
    }
    expect(cache.size).toBe(before);
  });
});

describe('the Active games panel on two instances over Redis', () => {
  let deployment: RedisDeployment | undefined;

  beforeAll(async () => {
    deployment = await redisDeployment({ env: LONG });
  });
  afterAll(async () => {
    await deployment?.close();
  });

  it('a challenge and its cancellation on one instance show at once in the panel the other had cached', async () => {
    const [a, b] = deployment?.instances as [TestApp, TestApp];
    const captain = await a.signIn('player1');
    const onB = await b.signIn('player7');
    expect(await listed(onB)).toEqual([]);
    const id = await ladderMatch(a.app, { challenger: captain, opponentSlug: 'northern-wolves' });
    expect(await listed(onB)).toEqual([[id, STATUS.challenge]]);
    const cancelled = await captain.post(`/api/v1/match-detail/status/${String(id)}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(await listed(onB)).toEqual([]);
  });
});
