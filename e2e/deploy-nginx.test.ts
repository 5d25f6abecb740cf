// The deployment of docs/deploy.md, proven together: nginx running deploy/nginx/versus.conf (its ports
// substituted, its own prefix and temporary folders) in front of TWO compiled production instances
// (`node --conditions=versus-compiled server/dist/server.js`, as deploy/systemd/versus@.service starts them)
// on one fresh PostgreSQL database and one Redis. Through the proxy: two captains sign in and play a map veto
// whose events reach both, each socket on a different instance; sign-in limits count the client's real
// address; one instance stops gracefully while sockets are open, its clients reconnect through nginx to the
// other and miss nothing after their refetch; it starts again and serves.
// Needs nginx (Debian's package; .ci/run installs it), DATABASE_URL and REDIS_URL; skipped otherwise.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { vetoMatchAnswer, type VetoMatch } from '@versus/common/api/matches';
import { challengeAnswer } from '@versus/common/api/ladders';
import { matchMapVetoChannel } from '@versus/common/realtime';
import {
  DEPLOYMENT_PUSHER as PUSHER,
  NGINX,
  seedDemoWorld,
  startDeployment,
  type DeployedInstance,
  type Deployment,
} from './support/deployment.ts';
import { ProxyClient, PusherSocket } from './support/proxy-client.ts';

const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;
const skipReason = !NGINX
  ? 'nginx is not installed (apt-get install nginx)'
  : !DATABASE_URL || !REDIS_URL
    ? 'DATABASE_URL and REDIS_URL must be set (PostgreSQL and Redis)'
    : null;
if (skipReason) console.warn(`[deploy-nginx] skipped: ${skipReason}`);

const LOGIN_PER_IP = 3;

describe.skipIf(skipReason !== null)('the deployment behind nginx on two instances', () => {
  let deployment: Deployment;
  let databaseUrl = '';
  let site = '';
  let instances: DeployedInstance[];

  async function query(url: string | undefined, text: string): Promise<{ id: number }[]> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query<{ id: number }>(text)).rows;
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    deployment = await startDeployment({
      name: 'deploy',
      databaseUrl: DATABASE_URL ?? '',
      redisUrl: REDIS_URL ?? '',
      env: { LOGIN_MAX_ATTEMPTS_PER_IP: String(LOGIN_PER_IP) },
      upstreamHeader: true,
    });
    ({ databaseUrl, baseUrl: site, instances } = deployment);
    seedDemoWorld(deployment);
  }, 600_000);

  afterAll(async () => {
    await deployment?.tearDown();
  }, 60_000);

  it('sign-in limits count the address nginx saw, not the instance or a forged header', async () => {
    const attempt = async (from: string, n: number, headers: Record<string, string> = {}) => {
      const client = new ProxyClient(site, from, headers);
      await client.call('GET', '/api/v1/auth/me'); // the XSRF cookie
      return client.call('POST', '/api/v1/auth/login', {
        username: `nobody${String(n)}`,
        password: 'wrong password',
      });
    };
    // 127.0.0.2 uses up its attempts (spread over both instances by nginx: the count lives in Redis) ...
    for (let n = 0; n < LOGIN_PER_IP; n++) expect((await attempt('127.0.0.2', n)).status).toBe(422);
    const limited = await attempt('127.0.0.2', 99);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ message: expect.any(String) as string });
    // ... and a forged X-Forwarded-For does not make it someone else (nginx appends the real address).
    expect((await attempt('127.0.0.2', 100, { 'x-forwarded-for': '203.0.113.9' })).status).toBe(429);
    // Another address still has its own attempts.
    expect((await attempt('127.0.0.3', 0)).status).toBe(422);
  });

  it('two captains veto through the proxy; one instance stops and starts again; nobody misses an event', async () => {
    // The match: a ladder challenge from player1's red-dragons to player6's northern-wolves, accepted.
    const [ladder] = await query(databaseUrl, 'SELECT id FROM ladders ORDER BY id LIMIT 1');
    const [wolves] = await query(databaseUrl, "SELECT id FROM teams WHERE slug = 'northern-wolves'");
    const challenger = await new ProxyClient(site).signIn('player1');
    const challenged = await new ProxyClient(site).signIn('player6');
    const created = await challenger.call('POST', `/api/v1/ladders/${String(ladder?.id)}/challenges`, {
      opponentTeamId: wolves?.id,
      bestOf: 1,
    });
    expect(created.status).toBe(201);
    const matchId = challengeAnswer.parse(created.body).data.id;
    expect(
      (await challenged.call('POST', `/api/v1/match-detail/status/${String(matchId)}/accept`)).status,
    ).toBe(200);

    const channel = matchMapVetoChannel(matchId);
    const captains = { player1: challenger, player6: challenged };
    const sockets: Record<'player1' | 'player6', PusherSocket> = {
      player6: await PusherSocket.open(site, PUSHER.PUSHER_KEY),
      player1: await PusherSocket.open(site, PUSHER.PUSHER_KEY),
    };
    for (const s of Object.values(sockets)) await s.subscribe(channel);
    // least_conn: the second socket goes to the instance without one.
    expect(sockets.player6.upstream).not.toBe('');
    expect(sockets.player1.upstream).not.toBe(sockets.player6.upstream);

    const read = async (who: ProxyClient): Promise<VetoMatch> => {
      const answer = await who.call('GET', `/api/v1/match/${String(matchId)}`);
      expect(answer.status).toBe(200);
      return vetoMatchAnswer.parse(answer.body).data;
    };
    const removed = (m: VetoMatch) => m.maps.filter((map) => map.mapIndex !== null).map((map) => map.id);
    /** The captain whose turn it is bans the first map still in play; the match after it. */
    const turn = async (): Promise<{ match: VetoMatch; mapId: number }> => {
      const match = await read(challenger);
      const userId = match.vetoDetail?.userId;
      const who = userId === match.challengerUser?.id ? captains.player1 : captains.player6;
      const map = match.maps.find((m) => m.mapIndex === null);
      if (!map) throw new Error('no map left to ban');
      const clicked = await who.call('POST', `/api/v1/match/${String(matchId)}/map/${String(map.id)}`);
      expect(clicked.status, JSON.stringify(clicked.body)).toBe(200);
      return { match: vetoMatchAnswer.parse(clicked.body).data, mapId: map.id };
    };
    const eventOf = async (socket: PusherSocket, mapId: number) => {
      const frame = await socket
        .next(
          (f) =>
            f.channel === channel &&
            f.event.endsWith('OnMatchMapChange') &&
            removed((f.data as { match: VetoMatch }).match).includes(mapId),
        )
        .catch((error: unknown) => {
          const logs = instances.map((i) => `instance ${String(i.port)}:\n${i.output}`).join('\n');
          throw new Error(`map ${String(mapId)} on ${socket.upstream}: ${String(error)}\n${logs}`);
        });
      return (frame.data as { match: VetoMatch }).match;
    };

    // The first ban reaches both captains, each on his own instance.
    const first = await turn();
    for (const s of Object.values(sockets))
      expect(removed(await eventOf(s, first.mapId))).toContain(first.mapId);

    // player6's instance stops gracefully while both sockets are open.
    const stopping = instances.find((i) => sockets.player6.upstream.endsWith(`:${String(i.port)}`));
    const staying = instances.find((i) => i !== stopping);
    if (!stopping || !staying) throw new Error(`no instance on ${sockets.player6.upstream}`);
    expect(await stopping.stop(), stopping.output).toBe(0);
    await sockets.player6.closed;
    expect(sockets.player1.open).toBe(true);

    // While player6 is away the veto goes on: nginx sends every request to the instance left.
    const missed = await turn();
    expect(removed(await eventOf(sockets.player1, missed.mapId))).toContain(missed.mapId);

    // player6 reconnects through nginx (to the other instance), subscribes again and refetches.
    sockets.player6 = await PusherSocket.open(site, PUSHER.PUSHER_KEY);
    expect(sockets.player6.upstream).toBe(`127.0.0.1:${String(staying.port)}`);
    await sockets.player6.subscribe(channel);
    const refetched = await read(challenged);
    expect(removed(refetched)).toEqual(removed(missed.match));
    expect(refetched.vetoDetail).toEqual(missed.match.vetoDetail);

    // The stopped instance starts again and takes the next socket (it has none): events published by the
    // other instance reach it through Redis.
    await stopping.start();
    // nginx leaves an instance that refused a connection out for fail_timeout (5 s): until it is back in
    // the rotation a new socket lands on the other one, and is closed again.
    let watcher = await PusherSocket.open(site, PUSHER.PUSHER_KEY);
    for (let tries = 0; watcher.upstream !== `127.0.0.1:${String(stopping.port)}` && tries < 100; tries++) {
      watcher.close();
      await new Promise((resolve) => setTimeout(resolve, 100));
      watcher = await PusherSocket.open(site, PUSHER.PUSHER_KEY);
    }
    expect(watcher.upstream).toBe(`127.0.0.1:${String(stopping.port)}`);
    await watcher.subscribe(channel);

    // The veto runs to its end; every ban reaches all three sockets.
    for (;;) {
      const before = await read(challenger);
      if (before.vetoDetail === null) break;
      const next = await turn();
      for (const s of [sockets.player1, sockets.player6, watcher])
        expect(removed(await eventOf(s, next.mapId))).toContain(next.mapId);
    }
    const final = await read(challenged);
    expect(final.vetoDetail).toBeNull();
    expect(final.maps.filter((m) => m.deciderMap)).toHaveLength(1);
    for (const s of [sockets.player1, sockets.player6, watcher]) s.close();
  }, 240_000);
});
