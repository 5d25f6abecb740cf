// Several instances over Redis: fan-out, one shared presence, and a crashed instance's members removed.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import type Pusher from 'pusher-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RealtimeTuning } from './protocol.ts';
import { connectPusher, echoFor } from './test-support/clients.ts';
import { eventually } from '../test/eventually.ts';
import { startTestApp } from './test-support/test-app.ts';
import type { TestApp } from './test-support/test-app.ts';

// CI sets REDIS_URL; locally the machine's Redis is assumed, and the suite fails loudly if it is not there.
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const PREFIX = `versus:test:${process.pid}:${randomBytes(4).toString('hex')}:`;
// Short clocks so the crash test is quick: a dead instance is swept within TTL + sweep period.
const TUNING: Partial<RealtimeTuning> = {
  presenceTtlMs: 1500,
  presenceHeartbeatMs: 300,
  presenceSweepMs: 300,
};
const CRASH_BOUND_MS = 1500 + 300;
const INSTANCE = fileURLToPath(new URL('./test-support/instance.ts', import.meta.url));

type Member = { id: number };

/** Starts instance.ts in a child process and resolves with its port. */
function spawnInstance(): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', INSTANCE], {
    env: {
      ...process.env,
      REDIS_URL,
      REALTIME_REDIS_PREFIX: PREFIX,
      REALTIME_TUNING: JSON.stringify(TUNING),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening (\d+)/.exec(out);
      if (match) resolve({ child, port: Number(match[1]) });
    });
    child.once('exit', (code) => reject(new Error(`instance exited early with ${code}`)));
  });
}

describe.skipIf(process.env.TEST_DB === 'postgres')('realtime: several instances over Redis', () => {
  let a: TestApp;
  let b: TestApp;
  let open: Pusher[] = [];

  const connect = async (server: { port: number }, userId: number | null) => {
    const pusher = await connectPusher(server.port, userId);
    open.push(pusher);
    return { pusher, echo: echoFor(pusher) };
  };

  beforeAll(async () => {
    const options = { redisUrl: REDIS_URL, redisKeyPrefix: PREFIX, tuning: TUNING };
    a = await startTestApp(options);
    b = await startTestApp(options);
  });
  afterEach(() => {
    for (const pusher of open) pusher.disconnect();
    open = [];
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${PREFIX}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });

  it('delivers on one instance what the other publishes', async () => {
    const { echo } = await connect(a, null);
    const received: unknown[] = [];
    const channel = echo.channel('match-detail-update.21');
    channel.listen('.MatchDetailUpdate', (p: unknown) => received.push(p));
    await new Promise<void>((resolve) => channel.subscribed(() => resolve()));

    await b.app.broadcaster.publish('match-detail-update.21', 'MatchDetailUpdate', { matchId: 21 });
    await eventually(() => expect(received).toEqual([{ matchId: 21 }]));
  });

  it('shows the same presence on both instances, counting a user once across instances', async () => {
    const chat = 'match-chat.22';
    const events: string[] = [];
    const alice = await connect(a, 1);
    await new Promise((resolve) =>
      alice.echo
        .join(chat)
        .here(resolve)
        .joining((m: Member) => events.push(`joining ${m.id}`))
        .leaving((m: Member) => events.push(`leaving ${m.id}`)),
    );
    const bobOnB = await connect(b, 2);
    const bobHere = await new Promise<Member[]>((resolve) => bobOnB.echo.join(chat).here(resolve));
    expect(bobHere.map((m) => m.id).sort()).toEqual([1, 2]);
    await eventually(() => expect(events).toEqual(['joining 2']));

    const bobOnA = await connect(a, 2);
    const secondHere = await new Promise<Member[]>((resolve) => bobOnA.echo.join(chat).here(resolve));
    expect(secondHere.map((m) => m.id).sort()).toEqual([1, 2]);

    bobOnB.pusher.disconnect();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(events).toEqual(['joining 2']);
    bobOnA.pusher.disconnect();
    await eventually(() => expect(events).toEqual(['joining 2', 'leaving 2']));
  });

  it('excludes the requester’s socket and ends a signed-out user’s sockets on the other instance', async () => {
    const chat = 'match-chat.23';
    const alice = await connect(b, 1);
    const seen: number[] = [];
    await new Promise((resolve) =>
      alice.echo
        .join(chat)
        .here(resolve)
        .listen('.OnMessageSend', (p: { n: number }) => seen.push(p.n)),
    );
    const send = (asUser: number, n: number) =>
      fetch(`${a.baseUrl}/test/publish`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-test-user': String(asUser),
          'x-socket-id': alice.pusher.connection.socket_id,
        },
        body: JSON.stringify({ channel: `presence-${chat}`, event: 'OnMessageSend', payload: { n } }),
      });
    await send(1, 1);
    await send(2, 2);
    await eventually(() => expect(seen).toEqual([2]));

    const codes: unknown[] = [];
    alice.pusher.connection.bind('error', (e: { data?: { code?: number } }) => codes.push(e.data?.code));
    await a.app.realtime.disconnectUser(1);
    await eventually(() => expect(codes).toContain(4009));
  });

  it('re-registers an instance’s members when Redis had presumed it dead (e.g. after a long pause)', async () => {
    const chat = 'match-chat.25';
    const events: string[] = [];
    const bob = await connect(b, 2);
    await new Promise((resolve) =>
      bob.echo
        .join(chat)
        .here(resolve)
        .joining((m: Member) => events.push(`joining ${m.id}`))
        .leaving((m: Member) => events.push(`leaving ${m.id}`)),
    );
    const alice = await connect(a, 1);
    await new Promise((resolve) => alice.echo.join(chat).here(resolve));
    await eventually(() => expect(events).toEqual(['joining 1']));

    // Keep a's liveness key deleted for longer than b's sweep period, as a long pause would: b sweeps
    // a's members, then a's first heartbeat afterwards notices and registers them again.
    const redis = new Redis(REDIS_URL);
    try {
      let aliveKey: string | null = null;
      for (const id of await redis.smembers(`${PREFIX}realtime:instances`)) {
        const entries = await redis.smembers(`${PREFIX}realtime:instance:${id}:entries`);
        if (entries.some((entry) => entry.startsWith(`presence-${chat}\n1\n`)))
          aliveKey = `${PREFIX}realtime:instance:${id}:alive`;
      }
      expect(aliveKey).not.toBeNull();
      const until = Date.now() + 1000;
      while (Date.now() < until) {
        await redis.del(aliveKey!);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      // A sweep that began while the key was still being deleted can remove the entries a's first
      // re-registration wrote; its "leaving" is sent at once while a's "joining" crosses Redis, so
      // the events may end in "joining 1" a moment before the list does. a's next heartbeat finds
      // itself swept and registers again: wait for the shared list, as a late comer reads it.
      await eventually(async () => {
        expect(events).toContain('leaving 1');
        expect(events.at(-1)).toBe('joining 1');
        expect((await redis.hkeys(`${PREFIX}realtime:presence:presence-${chat}:members`)).sort()).toEqual([
          '1',
          '2',
        ]);
      }, CRASH_BOUND_MS + 3000);
    } finally {
      redis.disconnect();
    }
    const lateComer = await connect(b, 6);
    const here = await new Promise<Member[]>((resolve) => lateComer.echo.join(chat).here(resolve));
    expect(here.map((m) => m.id).sort()).toEqual([1, 2, 6]);
  });

  it('removes a SIGKILLed instance’s members from the survivors’ presence within the bound', async () => {
    const chat = 'match-chat.24';
    const { child, port } = await spawnInstance();
    try {
      const events: string[] = [];
      const alice = await connect(a, 1);
      await new Promise((resolve) =>
        alice.echo
          .join(chat)
          .here(resolve)
          .joining((m: Member) => events.push(`joining ${m.id}`))
          .leaving((m: Member) => events.push(`leaving ${m.id}`)),
      );
      const carol = await connect({ port }, 3);
      await new Promise((resolve) => carol.echo.join(chat).here(resolve));
      await eventually(() => expect(events).toEqual(['joining 3']));

      const killedAt = Date.now();
      child.kill('SIGKILL');
      // Allow for the kill itself and one late heartbeat on top of the documented bound.
      await eventually(() => expect(events).toEqual(['joining 3', 'leaving 3']), CRASH_BOUND_MS + 3000);
      const elapsed = Date.now() - killedAt;
      expect(elapsed).toBeLessThan(CRASH_BOUND_MS + 3000);

      const lateComer = await connect(b, 4);
      const here = await new Promise<Member[]>((resolve) => lateComer.echo.join(chat).here(resolve));
      expect(here.map((m) => m.id).sort()).toEqual([1, 4]);
    } finally {
      child.kill('SIGKILL');
    }
  });
});
