import { spawn } from 'node:child_process';
import dgram from 'node:dgram';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { decodeOob, encodeOob } from '../lib/cod4x/oob.ts';
import { rcon } from '../lib/cod4x/rcon-client.ts';
import { parseStatus } from '../lib/cod4x/rcon-status.ts';
import { queryServer } from '../lib/cod4x/server-query.ts';
import { summarizeLog } from '../modules/statistics/index.ts';
import { Cod4xEmulator } from './cod4x-emulator.ts';
import { startControl } from './emulator-control.ts';

const PASSWORD = 'emulator-rcon';
const stops: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
});

function tempLog(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cod4x-emu-'));
  stops.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return path.join(dir, 'games_mp.log');
}

async function emulator(options: Partial<ConstructorParameters<typeof Cod4xEmulator>[0]> = {}) {
  const emu = new Cod4xEmulator({ rconPassword: PASSWORD, logPath: tempLog(), ...options });
  await emu.start();
  stops.push(() => emu.stop());
  return { emu, target: { host: '127.0.0.1', port: emu.port, password: PASSWORD } };
}

/** Sends one datagram and collects every answer datagram for `ms`. */
async function raw(port: number, text: string, ms = 200): Promise<string[]> {
  const socket = dgram.createSocket('udp4');
  const answers: string[] = [];
  socket.on('message', (m) => answers.push(decodeOob(m) ?? ''));
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  socket.send(encodeOob(text), port, '127.0.0.1');
  await new Promise((resolve) => setTimeout(resolve, ms));
  socket.close();
  return answers;
}

describe('CoD4x emulator process', () => {
  it('runs from its CLI and answers getstatus (gamedig), getinfo and rcon over UDP', async () => {
    const logPath = tempLog();
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(import.meta.dirname, 'emulator-cli.ts'),
        '--port',
        '0',
        '--rcon-password',
        PASSWORD,
        '--log',
        logPath,
        '--hostname',
        'Emulated host',
        '--query-limit',
        '0',
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    stops.push(() => {
      child.kill('SIGTERM');
    });
    const first = await new Promise<string>((resolve) =>
      readline.createInterface({ input: child.stdout }).once('line', resolve),
    );
    const { port, controlUrl } = JSON.parse(first) as { port: number; controlUrl: string };
    const target = { host: '127.0.0.1', port, password: PASSWORD };

    await rcon(target, 'map mp_crash');
    const status = await queryServer('127.0.0.1', port);
    expect(status).toMatchObject({ hostname: 'Emulated host', map: 'mp_crash', players: 0, maxPlayers: 18 });

    const [info] = await raw(port, 'getinfo xyz');
    expect(info).toMatch(/^infoResponse\n/);
    expect(info).toContain('\\challenge\\xyz');
    expect(info).toContain('\\hostname\\Emulated host');
    expect(info).toContain('\\mapname\\mp_crash');

    const join = await fetch(`${controlUrl}/clients`, {
      method: 'POST',
      body: JSON.stringify({ playerId: '[U:1:42]', name: 'Alpha One', side: 1 }),
    });
    expect(join.status).toBe(201);
    expect(parseStatus(await rcon(target, 'status')).clients).toMatchObject([
      { num: 0, playerId: '[U:1:42]', name: 'Alpha One' },
    ]);
    expect(await rcon({ ...target, password: 'not-the-one' }, 'status').catch((e: Error) => e.message)).toBe(
      'Bad rcon',
    );
  });
});

describe('CoD4x emulator', () => {
  it('refuses rcon while its password is shorter than 8 characters', async () => {
    const { target } = await emulator({ rconPassword: 'short' });
    const answers = await raw(target.port, 'rcon short status');
    expect(answers).toEqual([
      'print\nNo rconpassword set on server or password is shorter than 8 characters.\n',
    ]);
  });

  it('answers a wrong password with `Bad rcon`, once per 100 ms', async () => {
    const { target } = await emulator();
    expect(await raw(target.port, 'rcon nope status', 50)).toEqual(['print\nBad rcon']);
    await new Promise((resolve) => setTimeout(resolve, 120));
    const burst = await Promise.all([raw(target.port, 'rcon a status'), raw(target.port, 'rcon b status')]);
    expect(burst.flat()).toHaveLength(1);
  });

  it('prints long output in several datagrams of at most 1 KB, which the client joins', async () => {
    const { emu, target } = await emulator();
    await rcon(target, 'map mp_strike');
    for (let i = 0; i < 18; i++) emu.join({ playerId: `[U:1:${1000 + i}]`, name: `Player number ${i}` });
    const datagrams = await raw(target.port, `rcon ${PASSWORD} status`);
    expect(datagrams.length).toBeGreaterThan(2);
    for (const d of datagrams) {
      expect(d.startsWith('print\n')).toBe(true);
      expect(d.length - 'print\n'.length).toBeLessThanOrEqual(1023);
    }
    const status = parseStatus(await rcon(target, 'status'));
    expect(status.map).toBe('mp_strike');
    expect(status.clients.map((c) => c.name)).toEqual(
      Array.from({ length: 18 }, (_, i) => `Player number ${i}`),
    );
  });

  it('sets and prints dvars, rotates maps and restarts, writing InitGame with the serverinfo', async () => {
    const { emu, target } = await emulator();
    await rcon(target, 'sv_hostname "Versus match #7"');
    await rcon(target, 'g_password "joinme1"');
    await rcon(target, 'sv_mapRotation "gametype sd map mp_crash map mp_strike"');
    await rcon(target, 'promod_mode match_mr12');
    expect(await rcon(target, 'g_password')).toBe('"g_password" is: "joinme1^7" default: "^7"\n');
    expect(await rcon(target, 'map_rotate')).toContain('map_rotate...');
    expect(emu.state().map).toBe('mp_crash');
    await rcon(target, 'map_rotate');
    expect(emu.state().map).toBe('mp_strike');
    await rcon(target, 'fast_restart');
    expect(await rcon(target, 'bogus_cmd')).toBe('Unknown command "bogus_cmd"\n');
    const lines = fs.readFileSync(emu.log.path, 'latin1').trim().split('\n');
    const inits = lines.filter((l) => l.includes('InitGame:'));
    expect(inits).toHaveLength(3);
    expect(inits[0]).toContain('\\sv_hostname\\Versus match #7');
    expect(inits[0]).toContain('\\mapname\\mp_crash');
    expect(inits[2]).toContain('\\mapname\\mp_strike');
    expect(inits.join('')).not.toContain('joinme1');
    const status = await queryServer('127.0.0.1', target.port);
    expect(status?.vars.pswrd).toBe('1');
  });

  it('kicks a client by slot with clientkick', async () => {
    const { emu, target } = await emulator();
    await rcon(target, 'map mp_crash');
    emu.join({ playerId: '[U:1:1]', name: 'Friend', side: 1 });
    const intruder = emu.join({ playerId: '[U:1:666]', name: 'Intruder' });
    expect(await rcon(target, `clientkick ${intruder.num} "Not on the match roster"`)).toContain(
      'Player kicked: Intruder',
    );
    expect(parseStatus(await rcon(target, 'status')).clients.map((c) => c.playerId)).toEqual(['[U:1:1]']);
    expect(emu.state().kicks).toEqual([{ playerId: '[U:1:666]', name: 'Intruder' }]);
    expect(await rcon(target, 'clientkick 9')).toBe('Error: This player is not online\n');
  });

  it('plays the rotation from the current map, writing games_mp.log as rounds pass', async () => {
    const { emu, target } = await emulator({ msPerGameSecond: 0.5, roundsToWin: 4, seed: 99 });
    await rcon(target, 'sv_mapRotation "gametype sd map mp_crash map mp_strike"');
    await rcon(target, 'map_rotate');
    for (let i = 0; i < 3; i++) emu.join({ playerId: `[U:1:${i + 1}]`, name: `a${i}`, side: 1 });
    for (let i = 0; i < 3; i++) emu.join({ playerId: `[U:1:${i + 11}]`, name: `b${i}`, side: 2 });
    const rounds: number[] = [];
    emu.on('round', (r: number) => rounds.push(r));
    const finished = new Promise((resolve) => emu.once('finished', resolve));
    emu.goLive();
    const sizeAfterStart = fs.statSync(emu.log.path).size;
    await finished;
    expect(fs.statSync(emu.log.path).size).toBeGreaterThan(sizeAfterStart);
    expect(rounds.length).toBeGreaterThanOrEqual(8);
    const results = emu.state().results ?? [];
    expect(results.map((r) => r.nameCmd)).toEqual(['mp_crash', 'mp_strike']);
    const maps = summarizeLog(fs.readFileSync(emu.log.path, 'latin1').split('\n'));
    expect(maps.map((m) => m.mapName)).toEqual(['mp_crash', 'mp_strike']);
    const players = maps[0]?.players.map((p) => p.guid).sort();
    expect(players).toEqual(['[U:1:11]', '[U:1:12]', '[U:1:13]', '[U:1:1]', '[U:1:2]', '[U:1:3]']);
    expect(emu.state().map).toBe('mp_strike');
  });

  it('resumes a map at promod_mode <mode>_A:D: its log goes on from round A+D+1 with the sides of that half', async () => {
    const { emu, target } = await emulator({ msPerGameSecond: 0.2, seed: 5 });
    await rcon(target, 'sv_mapRotation "gametype sd map mp_crash map mp_strike"');
    await rcon(target, 'sv_mapRotationCurrent "gametype sd map mp_strike"');
    await rcon(target, 'promod_mode match_mr3_2:1');
    await rcon(target, 'map mp_crash');
    for (let i = 0; i < 2; i++) emu.join({ playerId: `[U:1:${i + 1}]`, name: `a${i}`, side: 1 });
    for (let i = 0; i < 2; i++) emu.join({ playerId: `[U:1:${i + 11}]`, name: `b${i}`, side: 2 });
    const rounds: number[] = [];
    emu.on('round', (r: number) => rounds.push(r));
    const finished = new Promise((resolve) => emu.once('finished', resolve));
    emu.goLive();
    expect(emu.state().playing?.round).toBe(3);
    await finished;
    // 3 rounds behind (mr3: 4 win, half time after 3): round 4 is the second half's, side 2 attacks with 2.
    expect(rounds[0]).toBe(4);
    const [crash] = emu.state().results ?? [];
    expect(Math.max(crash?.challengerRounds ?? 0, crash?.opponentRounds ?? 0)).toBe(4);
    expect(crash?.opponentRounds).toBeGreaterThanOrEqual(2);
    expect(crash?.challengerRounds).toBeGreaterThanOrEqual(1);
    const lines = fs.readFileSync(emu.log.path, 'latin1').split('\n');
    const rw = lines.filter((l) => / RW;/.test(l));
    expect(rw[0]).toMatch(/ RW;4;/);
    // Second half: side 1's players are axis, side 2's allies (the attackers).
    expect(lines.find((l) => l.includes('K;') && l.includes(';a0;'))).toMatch(/;\d+;axis;a0;/);
    const maps = summarizeLog(lines);
    const played = (maps[0]?.rounds ?? []).length;
    expect(played).toBe((crash?.challengerRounds ?? 0) + (crash?.opponentRounds ?? 0) - 3);
  });

  it('crashes on command in the middle of a round: silent, its log stopped', async () => {
    const { emu, target } = await emulator({ msPerGameSecond: 0.2, roundsToWin: 4, seed: 8 });
    await rcon(target, 'map mp_crash');
    emu.join({ playerId: '[U:1:1]', name: 'a', side: 1 });
    emu.join({ playerId: '[U:1:2]', name: 'b', side: 2 });
    const crashed = new Promise<number>((resolve) => emu.once('crash', resolve));
    emu.goLive();
    emu.crash({ afterRound: 2 });
    expect(await crashed).toBe(2);
    const size = fs.statSync(emu.log.path).size;
    const lines = fs.readFileSync(emu.log.path, 'latin1').trim().split('\n');
    expect(lines.at(-1)).toMatch(/ K;/);
    expect(lines.filter((l) => / RW;/.test(l))).toHaveLength(2);
    expect(await raw(target.port, 'getstatus')).toEqual([]);
    emu.setOnline(true); // a dead process does not come back
    expect(await raw(target.port, 'getstatus')).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(fs.statSync(emu.log.path).size).toBe(size);
    expect(emu.state()).toMatchObject({ crashed: true, online: false, playing: null });
  });

  it('falls silent while offline', async () => {
    const { emu, target } = await emulator();
    emu.setOnline(false);
    expect(await raw(target.port, 'getstatus')).toEqual([]);
    expect(await queryServer('127.0.0.1', target.port, 300)).toBeNull();
    emu.setOnline(true);
    expect(await raw(target.port, 'getstatus')).toHaveLength(1);
  });

  it('limits getstatus answers per address as CoD4x does', async () => {
    const { target } = await emulator({ queryLimit: { burst: 2, periodMs: 2000 } });
    const answers = await Promise.all([1, 2, 3].map(() => raw(target.port, 'getstatus')));
    expect(answers.flat()).toHaveLength(2);
  });

  it('is driven over its HTTP control interface', async () => {
    // Slow enough that the map is still live when the second `/live` arrives on a loaded machine.
    const { emu, target } = await emulator({ msPerGameSecond: 20, roundsToWin: 2 });
    const control = await startControl(emu);
    stops.push(() => new Promise<void>((resolve) => control.server.close(() => resolve())));
    await rcon(target, 'map mp_crash');
    const post = (p: string, body: unknown) =>
      fetch(`${control.url}${p}`, { method: 'POST', body: JSON.stringify(body) });
    expect((await post('/clients', { playerId: 'x' })).status).toBe(422);
    expect((await post('/clients', { playerId: '[U:1:5]', name: 'one', side: 1 })).status).toBe(201);
    expect((await post('/clients', { playerId: '[U:1:6]', name: 'two', side: 2 })).status).toBe(201);
    expect((await post('/live', { seed: 3 })).status).toBe(202);
    expect((await post('/live', {})).status).toBe(409);
    const state = (await (await fetch(`${control.url}/state`)).json()) as {
      data: { clients: unknown[]; dvars: Record<string, string> };
    };
    expect(state.data.clients).toHaveLength(2);
    expect(state.data.dvars).not.toHaveProperty('rcon_password');
    expect((await fetch(`${control.url}/clients/1`, { method: 'DELETE' })).status).toBe(204);
    expect((await fetch(`${control.url}/clients/1`, { method: 'DELETE' })).status).toBe(404);
  });
});
