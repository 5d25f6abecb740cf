import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app.ts';
import { check, redisProbe } from './index.ts';

describe('health checks', () => {
  it('live answers 200 while the process runs; ready 200 while the database answers', async () => {
    const t = await buildTestApp({ seed: false });
    try {
      const live = await t.client().get('/health/live');
      expect(live.status).toBe(200);
      expect(live.body).toEqual({ status: 'ok' });
      const ready = await t.client().get('/health/ready');
      expect(ready.status).toBe(200);
      expect(ready.body).toEqual({ status: 'ok', checks: { database: 'ok' } });
      // The old endpoint is unchanged.
      expect((await t.client().get('/api/v1/health')).body).toEqual({ status: 'ok' });
    } finally {
      await t.close();
    }
  });

  it('ready answers 503 once a graceful shutdown began, while live still answers 200', async () => {
    const t = await buildTestApp({ seed: false });
    try {
      // What the SIGTERM handler in server.ts does before closing the app.
      t.app.lifecycle.draining = true;
      const ready = await t.client().get('/health/ready');
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({ status: 'draining', checks: { database: 'ok' } });
      expect((await t.client().get('/health/live')).status).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('ready answers 503 naming the database when it does not answer', async () => {
    const t = await buildTestApp({ seed: false });
    try {
      await t.database.close();
      const ready = await t.client().get('/health/ready');
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({ status: 'unavailable', checks: { database: 'down' } });
    } finally {
      await t.closeApp();
    }
  });

  it('counts an unreachable Redis as down within the check timeout', async () => {
    // Port 1 on loopback: nothing listens, the connection is refused.
    const probe = redisProbe('redis://127.0.0.1:1');
    try {
      const started = Date.now();
      expect(await check(probe.ping)).toBe('down');
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      probe.close();
    }
  });

  it.skipIf(!process.env.REDIS_URL)(
    'with REDIS_URL, ready asks Redis too: 503 naming Redis once it stops answering',
    async () => {
      // The app reaches Redis through a proxy the test can cut, as a network partition would.
      const target = new URL(process.env.REDIS_URL ?? '');
      const sockets = new Set<net.Socket>();
      const proxy = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 6379), target.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('error', () => s.destroy());
          s.on('close', () => sockets.delete(s));
        }
        client.pipe(upstream).pipe(client);
      });
      await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
      const { port } = proxy.address() as net.AddressInfo;
      const via = new URL(target);
      via.hostname = '127.0.0.1';
      via.port = String(port);
      const t = await buildTestApp({
        seed: false,
        env: { REDIS_URL: via.toString(), REDIS_KEY_PREFIX: `health-test-${String(process.pid)}:` },
      });
      try {
        await expect
          .poll(async () => (await t.client().get('/health/ready')).body)
          .toEqual({ status: 'ok', checks: { database: 'ok', redis: 'ok' } });
        proxy.close();
        for (const s of sockets) s.destroy();
        await expect
          .poll(async () => {
            const ready = await t.client().get('/health/ready');
            return [ready.status, ready.body];
          })
          .toEqual([503, { status: 'unavailable', checks: { database: 'ok', redis: 'down' } }]);
        // Redis back: readiness comes back by itself (and the app can close cleanly).
        await new Promise<void>((resolve) => proxy.listen(port, '127.0.0.1', resolve));
        await expect
          .poll(async () => (await t.client().get('/health/ready')).status, { timeout: 10_000 })
          .toBe(200);
      } finally {
        await t.close();
      }
    },
  );
});
