// The control interface's "away" command over HTTP, read back over rcon `status` (UDP): a player leaves the
// server and comes back with the same id, name and side after the given seconds, or stays away without them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { rcon } from '../lib/cod4x/rcon-client.ts';
import { parseStatus } from '../lib/cod4x/rcon-status.ts';
import { Cod4xEmulator } from './cod4x-emulator.ts';
import { startControl } from './emulator-control.ts';

const PASSWORD = 'emulator-rcon';
const stops: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
});

async function start() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cod4x-away-'));
  stops.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  const emu = new Cod4xEmulator({ rconPassword: PASSWORD, logPath: path.join(dir, 'games_mp.log') });
  await emu.start();
  stops.push(() => emu.stop());
  const control = await startControl(emu);
  stops.push(() => new Promise<void>((resolve) => control.server.close(() => resolve())));
  const ids = async () => {
    const answer = await rcon({ host: '127.0.0.1', port: emu.port, password: PASSWORD }, 'status');
    return parseStatus(answer).clients.map((c) => `${c.playerId} ${c.name}`);
  };
  const away = (num: number, body: unknown) =>
    fetch(`${control.url}/clients/${num}/away`, { method: 'POST', body: JSON.stringify(body) });
  return { emu, ids, away };
}

describe('emulator control: a player goes away', () => {
  it('leaves at once and comes back after the given seconds; without seconds he stays away', async () => {
    const { emu, ids, away } = await start();
    const p3 = emu.join({ playerId: '[U:1:1000003]', name: 'player3', side: 1 });
    const p4 = emu.join({ playerId: '[U:1:1000004]', name: 'player4', side: 1 });
    expect(await ids()).toEqual(['[U:1:1000003] player3', '[U:1:1000004] player4']);

    const res = await away(p3.num, { seconds: 0.3 });
    expect(res.status).toBe(202);
    expect(await res.json()).toMatchObject({ data: { playerId: '[U:1:1000003]', name: 'player3' } });
    expect(await ids()).toEqual(['[U:1:1000004] player4']);
    await expect.poll(ids, { timeout: 5000 }).toContain('[U:1:1000003] player3');
    expect(emu.state().clients.find((c) => c.playerId === '[U:1:1000003]')?.side).toBe(1);

    expect((await away(p4.num, {})).status).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await ids()).toEqual(['[U:1:1000003] player3']);

    expect((await away(p4.num, {})).status).toBe(404);
    expect(await (await away(p3.num, { seconds: -1 })).json()).toEqual({
      message: 'seconds must be a number from 0 to 3600.',
    });
    expect((await away(p3.num, { seconds: 'soon' })).status).toBe(422);
  });
});
