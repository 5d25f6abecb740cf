// The reference: a bare `ws` server that loops over a room's sockets and sends one pre-encoded frame.
import { WebSocketServer } from 'ws';
import type { WebSocket } from 'ws';
import { EVENT, roomChannel } from './protocol.ts';
import { serveCommands } from './server-common.ts';

const rooms = new Map<number, Set<WebSocket>>();
const wss = new WebSocketServer({
  host: '127.0.0.1',
  port: 0,
  perMessageDeflate: false,
  clientTracking: false,
});

wss.on('connection', (ws, request) => {
  const room = Number(new URL(request.url ?? '/', 'http://x').searchParams.get('room'));
  let set = rooms.get(room);
  if (!set) rooms.set(room, (set = new Set()));
  set.add(ws);
  ws.on('close', () => set.delete(ws));
});

wss.on('listening', () => {
  const address = wss.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  serveCommands(
    port,
    (room, payload) => {
      const channel = roomChannel(room);
      const frame = Buffer.from(JSON.stringify({ event: EVENT, channel, data: JSON.stringify(payload) }));
      for (const ws of rooms.get(room) ?? []) ws.send(frame, { binary: false });
    },
    async () => void wss.close(),
  );
});
