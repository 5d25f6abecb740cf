// Child process of bench/api/run.ts: the framework's own floor. A Fastify server with nothing of the app (no
// plugins, no hooks, no logger) answering every GET with the body the app gave for that path, as the bare
// `http` server does: what any Fastify app pays before its own work. Gets the bodies on the IPC channel (as
// bare-server.ts), answers `{port}`.
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import type { BareServerBodies } from './bare-server.ts';

process.once('message', (bodies: BareServerBodies) => {
  void (async () => {
    const app = Fastify({ logger: false });
    const encoded = new Map(Object.entries(bodies.byPath ?? {}).map(([p, body]) => [p, Buffer.from(body)]));
    const fallback = Buffer.from(bodies.get);
    app.get('*', (request, reply) => {
      void reply.header('content-type', 'application/json; charset=utf-8');
      return encoded.get(request.url) ?? fallback;
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    process.send?.({ port: (app.server.address() as AddressInfo).port });
    process.on('disconnect', () => {
      void app.close().finally(() => process.exit(0));
    });
  })();
});
