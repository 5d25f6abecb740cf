// Child process of bench/api/run.ts: a bare Node `http` server answering every GET with the match JSON (or
// the match detail JSON under /api/v1/match-detail/)
// and every other request with the veto turn's JSON, the baseline the app is compared with. Gets the
// bodies on the IPC channel, answers `{port}`.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface BareServerBodies {
  get: string;
  post: string;
  /** Answered to GETs under /api/v1/match-detail/ (the detail page's data). */
  detail: string;
}

process.once('message', (bodies: BareServerBodies) => {
  const server = http.createServer((req, res) => {
    const body =
      req.method !== 'GET'
        ? bodies.post
        : req.url?.startsWith('/api/v1/match-detail/')
          ? bodies.detail
          : bodies.get;
    req.resume();
    res.writeHead(200, {
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
