// Child process of bench/large-world/run.ts: a bare Node `http` server answering each GET path (without
// its query string's `page`, which is part of the key) with the JSON the app gave for it, the baseline
// the app is compared with. Gets `{bodies: {path: json}}` on the IPC channel, answers `{port}`.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LargeWorldBareBodies {
  bodies: Record<string, string>;
}

process.once('message', ({ bodies }: LargeWorldBareBodies) => {
  const server = http.createServer((req, res) => {
    const body = bodies[req.url ?? ''] ?? '{"message":"Not found."}';
    req.resume();
    res.writeHead(bodies[req.url ?? ''] === undefined ? 404 : 200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
    });
    res.end(body);
  });
  server.listen(0, '127.0.0.1', () => {
    process.send?.({ port: (server.address() as AddressInfo).port });
  });
  process.on('disconnect', () => {
    server.close();
    process.exit(0);
  });
});
