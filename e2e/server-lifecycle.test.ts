import net from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './support/server.ts';

// The process as `npm start` runs it: first start seeds, SIGTERM lets a request in flight finish and
// closes the embedded database cleanly, and a second start on the same data adds nothing.

let dataDir = '';
const running: RunningServer[] = [];

afterAll(async () => {
  for (const server of running) await server.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function xsrfSession(url: string): Promise<{ cookie: string; token: string }> {
  const response = await fetch(`${url.replace('localhost', '127.0.0.1')}/api/v1/auth/me`);
  const setCookie = response.headers.getSetCookie().find((c) => c.startsWith('XSRF-TOKEN='));
  const token = setCookie?.split(';')[0]?.slice('XSRF-TOKEN='.length) ?? '';
  return { cookie: `XSRF-TOKEN=${token}`, token };
}

async function login(server: RunningServer, username: string, password: string): Promise<number> {
  const { cookie, token } = await xsrfSession(server.url);
  const response = await fetch(`http://127.0.0.1:${server.port}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, 'x-xsrf-token': token },
    body: JSON.stringify({ username, password }),
  });
  return response.status;
}

/** Sends a login request whose body arrives in two parts; resolves the raw response text. */
function trickledLogin(
  server: RunningServer,
  token: string,
): { sendRest: () => void; response: Promise<string> } {
  const body = JSON.stringify({ username: 'player1', password: 'password' });
  const socket = net.connect(server.port, '127.0.0.1');
  socket.write(
    [
      'POST /api/v1/auth/login HTTP/1.1',
      `Host: 127.0.0.1:${server.port}`,
      'Content-Type: application/json',
      `Content-Length: ${Buffer.byteLength(body)}`,
      `Cookie: XSRF-TOKEN=${token}`,
      `X-XSRF-TOKEN: ${token}`,
      'Connection: close',
      '',
      '',
    ].join('\r\n') + body.slice(0, 10),
  );
  const response = new Promise<string>((resolve, reject) => {
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString()));
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
  });
  return { sendRest: () => socket.write(body.slice(10)), response };
}

describe('server lifecycle', () => {
  it('seeds once, finishes in-flight requests on SIGTERM and keeps data across restarts', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'versus-lifecycle-'));
    const first = await startServer({}, { dataDir, keepDataDir: true });
    running.push(first);
    expect(first.output()).toContain('Seeded the demo world');
    expect(await login(first, 'player1', 'password')).toBe(200);

    const { token } = await xsrfSession(first.url);
    const inFlight = trickledLogin(first, token);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const stopping = first.stop();
    await new Promise((resolve) => setTimeout(resolve, 300));
    inFlight.sendRest();
    expect(await inFlight.response).toMatch(/^HTTP\/1\.1 200/);
    await stopping;
    expect(first.exitStatus()).toBe(0);

    const second = await startServer({}, { dataDir, keepDataDir: true });
    running.push(second);
    expect(second.output()).not.toContain('Seeded the demo world');
    expect(await login(second, 'player1', 'password')).toBe(200);
    expect(await login(second, 'player1', 'wrong-password')).toBe(422);
    await second.stop();

    // Reachable from other machines (HOST not loopback): `password` is replaced, the new ones shown once.
    const third = await startServer({ HOST: '0.0.0.0' }, { dataDir, keepDataDir: true });
    running.push(third);
    const shown = /^ {2}player1 {2}(\S+)$/m.exec(third.output());
    expect(shown, third.output()).not.toBeNull();
    expect(await login(third, 'player1', 'password')).toBe(422);
    expect(await login(third, 'player1', shown?.[1] ?? '')).toBe(200);
    await third.stop();
    const fourth = await startServer({ HOST: '0.0.0.0' }, { dataDir, keepDataDir: true });
    running.push(fourth);
    expect(fourth.output()).not.toContain('generated passwords');
  });
});
