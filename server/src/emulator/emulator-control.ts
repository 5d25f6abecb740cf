// The emulator's control interface: a small JSON-over-HTTP API on loopback that scripts (tests, the demo
// world, a developer with curl) use to act as players and to inject faults. It is not part of CoD4x; the
// game protocol stays on the UDP port.
//
//   GET    /state                       the emulator's state (map, dvars without the rcon password, clients,
//                                       the match being played, its results, kicks)
//   POST   /clients {playerId, name, side?: 1|2|null, password?}  a client joins → 201 {data: client}
//   DELETE /clients/{num}               the client in that slot disconnects → 204
//   POST   /clients/{num}/away {seconds?}  the client disconnects; with `seconds` (0-3600) he joins again with
//                                       the same id, name and side that much later → 202 {data: client}
//   POST   /live {seed?}                the match goes live on the current map → 202
//   POST   /online {online: boolean}    answer datagrams (true) or fall silent (false) → 204
//   POST   /crash {afterRound?}         the server dies (now, or at the first kill after that round) → 204
//   POST   /log/rotate                  move games_mp.log to games_mp.log.1 → 204
//   POST   /log/truncate                empty games_mp.log in place → 204
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Cod4xEmulator } from './cod4x-emulator.ts';

function reply(res: http.ServerResponse, status: number, body?: unknown): void {
  res.writeHead(status, body === undefined ? {} : { 'content-type': 'application/json' });
  res.end(body === undefined ? undefined : JSON.stringify(body));
}

async function readJson(req: http.IncomingMessage): Promise<Record<string, unknown>> {
  let text = '';
  for await (const chunk of req) {
    text += String(chunk);
    if (text.length > 64 * 1024) throw new Error('Body too large.');
  }
  if (text.trim() === '') return {};
  const value: unknown = JSON.parse(text);
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error('Expected an object.');
  return value as Record<string, unknown>;
}

async function route(emulator: Cod4xEmulator, req: http.IncomingMessage, res: http.ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://emulator');
  const method = req.method ?? 'GET';
  if (method === 'GET' && url.pathname === '/state') return reply(res, 200, { data: emulator.state() });
  if (method === 'POST' && url.pathname === '/clients') {
    const body = await readJson(req);
    if (typeof body.playerId !== 'string' || typeof body.name !== 'string') {
      return reply(res, 422, { message: 'playerId and name are required.' });
    }
    const side = body.side === 1 || body.side === 2 ? body.side : null;
    const password = typeof body.password === 'string' ? body.password : undefined;
    try {
      const client = emulator.join({ playerId: body.playerId, name: body.name, side, password });
      return reply(res, 201, { data: client });
    } catch (err) {
      return reply(res, 409, { message: (err as Error).message });
    }
  }
  const leave = /^\/clients\/(\d+)$/.exec(url.pathname);
  if (method === 'DELETE' && leave) {
    return emulator.leave(Number(leave[1]))
      ? reply(res, 204)
      : reply(res, 404, { message: 'No such client.' });
  }
  const away = /^\/clients\/(\d+)\/away$/.exec(url.pathname);
  if (method === 'POST' && away) return goAway(emulator, Number(away[1]), await readJson(req), res);
  if (method === 'POST' && url.pathname === '/live') {
    const body = await readJson(req);
    try {
      emulator.goLive(typeof body.seed === 'number' ? body.seed : undefined);
      return reply(res, 202, { data: emulator.state() });
    } catch (err) {
      return reply(res, 409, { message: (err as Error).message });
    }
  }
  if (method === 'POST' && url.pathname === '/online') {
    const body = await readJson(req);
    emulator.setOnline(body.online !== false);
    return reply(res, 204);
  }
  if (method === 'POST' && url.pathname === '/crash') {
    const body = await readJson(req);
    emulator.crash(typeof body.afterRound === 'number' ? { afterRound: body.afterRound } : {});
    return reply(res, 204);
  }
  if (method === 'POST' && url.pathname === '/log/rotate') {
    emulator.rotateLog();
    return reply(res, 204);
  }
  if (method === 'POST' && url.pathname === '/log/truncate') {
    emulator.log.truncate();
    return reply(res, 204);
  }
  return reply(res, 404, { message: 'Not found.' });
}

/** A player leaves the server and, after `seconds`, comes back (a dropped connection, a game restart). */
function goAway(
  emulator: Cod4xEmulator,
  num: number,
  body: Record<string, unknown>,
  res: http.ServerResponse,
) {
  const { seconds } = body;
  if (seconds !== undefined && (typeof seconds !== 'number' || !(seconds >= 0 && seconds <= 3600))) {
    return reply(res, 422, { message: 'seconds must be a number from 0 to 3600.' });
  }
  const client = emulator.state().clients.find((c) => c.num === num);
  if (!client || !emulator.leave(num)) return reply(res, 404, { message: 'No such client.' });
  if (seconds !== undefined) {
    const back = { playerId: client.playerId, name: client.name, side: client.side };
    setTimeout(() => {
      try {
        emulator.join(back);
      } catch {
        // The server filled up meanwhile: he stays away.
      }
    }, seconds * 1000).unref();
  }
  return reply(res, 202, { data: client });
}

/** Serves the control interface on `host:port` (port 0 = free port); resolves with the server and its URL. */
export async function startControl(
  emulator: Cod4xEmulator,
  options: { host?: string; port?: number } = {},
): Promise<{ server: http.Server; url: string }> {
  const server = http.createServer((req, res) => {
    route(emulator, req, res).catch((err: unknown) => reply(res, 400, { message: (err as Error).message }));
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://${host}:${port}` };
}
