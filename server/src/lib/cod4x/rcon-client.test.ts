import dgram from 'node:dgram';
import { afterEach, describe, expect, it } from 'vitest';
import { decodeOob, encodeOob } from './oob.ts';
import { rcon, RconError } from './rcon-client.ts';

/** A UDP peer on 127.0.0.1 that answers each rcon datagram with what `reply` returns (datagram texts). */
async function fakeServer(reply: (request: string) => string[] | null) {
  const socket = dgram.createSocket('udp4');
  const received: string[] = [];
  socket.on('message', (message, remote) => {
    const text = decodeOob(message) ?? '';
    received.push(text);
    const answers = reply(text);
    for (const answer of answers ?? []) socket.send(encodeOob(answer), remote.port, remote.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  servers.push(socket);
  return { port: socket.address().port, received };
}

const servers: dgram.Socket[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

const PASSWORD = 'secret-pass';

describe('rcon client', () => {
  it('sends `rcon <password> <command>` and joins a multi-datagram print answer', async () => {
    const big = Array.from({ length: 40 }, (_, i) => `line ${i} ${'x'.repeat(60)}\n`).join('');
    const server = await fakeServer(() => [
      `print\n${big.slice(0, 1000)}`,
      `print\n${big.slice(1000, 2000)}`,
      `print\n${big.slice(2000)}`,
      'print\n',
    ]);
    const answer = await rcon({ host: '127.0.0.1', port: server.port, password: PASSWORD }, 'status');
    expect(server.received).toEqual([`rcon ${PASSWORD} status`]);
    expect(answer).toBe(big);
  });

  it('rejects a wrong password with the server’s `Bad rcon`', async () => {
    const server = await fakeServer(() => ['print\nBad rcon']);
    const error = await rcon({ host: '127.0.0.1', port: server.port, password: 'wrong-one' }, 'status').catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(RconError);
    expect((error as RconError).kind).toBe('bad-password');
  });

  it('reports a server whose rcon password is under 8 characters', async () => {
    const server = await fakeServer(() => [
      'print\nNo rconpassword set on server or password is shorter than 8 characters.\n',
    ]);
    const error = await rcon({ host: '127.0.0.1', port: server.port, password: 'short' }, 'status').catch(
      (e: unknown) => e as RconError,
    );
    expect((error as RconError).kind).toBe('rcon-disabled');
  });

  it('times out when nothing answers', async () => {
    const server = await fakeServer(() => null);
    const started = Date.now();
    const error = await rcon({ host: '127.0.0.1', port: server.port, password: PASSWORD }, 'status', {
      timeoutMs: 200,
    }).catch((e: unknown) => e as RconError);
    expect((error as RconError).kind).toBe('no-answer');
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
  });

  it('sends one command at a time per server, so answers never mix', async () => {
    // The server answers each command in two datagrams, the second 40 ms later; overlapping commands on
    // one server would interleave them.
    const socket = dgram.createSocket('udp4');
    servers.push(socket);
    let inFlight = 0;
    let maxInFlight = 0;
    socket.on('message', (message, remote) => {
      const command = (decodeOob(message) ?? '').split(' ').slice(2).join(' ');
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      socket.send(encodeOob(`print\n${command}-a `), remote.port, remote.address);
      setTimeout(() => {
        socket.send(encodeOob(`print\n${command}-b`), remote.port, remote.address);
        inFlight--;
      }, 40);
    });
    await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
    const target = { host: '127.0.0.1', port: socket.address().port, password: PASSWORD };
    const answers = await Promise.all(['one', 'two', 'three'].map((c) => rcon(target, c, { quietMs: 80 })));
    expect(answers).toEqual(['one-a one-b', 'two-a two-b', 'three-a three-b']);
    expect(maxInFlight).toBe(1);
  });

  it('refuses a command of more than one line before sending anything', async () => {
    const server = await fakeServer(() => ['print\n']);
    await expect(
      rcon({ host: '127.0.0.1', port: server.port, password: PASSWORD }, 'say hi\nquit'),
    ).rejects.toThrow('one line');
    expect(server.received).toEqual([]);
  });
});
