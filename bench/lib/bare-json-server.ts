// What the bare baseline servers share (bench/api, bench/large-world): a child process that gets its
// bodies on the IPC channel, serves them from a bare Node `http` server and answers `{port}`.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A status and a JSON text, chosen by a bare server for one request. */
export interface BareAnswer {
  status: number;
  body: string;
}

/**
 * Waits for the bodies `B` on the IPC channel, then answers every request with what `answer` picks from
 * them; sends `{port}` once listening and stops when the parent disconnects.
 */
export function serveBareJson<B>(answer: (bodies: B, req: http.IncomingMessage) => BareAnswer): void {
  process.once('message', (bodies: B) => {
    const server = http.createServer((req, res) => {
      const { status, body } = answer(bodies, req);
      req.resume();
      res.writeHead(status, {
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
}
