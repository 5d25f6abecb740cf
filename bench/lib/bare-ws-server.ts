// What the bare WebSocket baselines share (bench/crowd): a child process with a bare `ws` server on a Node
// `http` server. Every socket that connects is kept; `POST /publish` sends the request's body, as it is, to
// every socket in one loop and then answers 204. Sends `{port}` on the IPC channel once listening and stops
// when the parent disconnects.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import type { WebSocket } from 'ws';

export function serveBareWs(): void {
  const sockets = new Set<WebSocket>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/publish') {
        res.writeHead(404).end();
        return;
      }
      const frame = Buffer.concat(chunks);
      for (const ws of sockets) ws.send(frame, { binary: false });
      res.writeHead(204).end();
    });
  });
  const wss = new WebSocketServer({ server, perMessageDeflate: false, clientTracking: false });
  wss.on('connection', (ws) => {
    sockets.add(ws);
    ws.on('close', () => sockets.delete(ws));
  });
  server.listen(0, '127.0.0.1', () => {
    process.send?.({ port: (server.address() as AddressInfo).port });
  });
  process.on('disconnect', () => {
    for (const ws of sockets) ws.terminate();
    server.close();
    process.exit(0);
  });
}
