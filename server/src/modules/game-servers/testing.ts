// Helpers for the pool tests: the app with GAME_SERVER_PROVIDER=pool, emulated servers, and ladder matches
// driven to the last step of their veto. Not a test file itself.
import { adminGameServerSavedAnswer } from '@versus/common/api/game-servers';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { MatchCommand } from '@versus/common/match/commands';
import type { MatchState } from '@versus/common/match/state';
import { currentVetoTurn, isMapAvailable } from '@versus/common/match/veto';
import { Cod4xEmulator, type EmulatorOptions } from '../../emulator/cod4x-emulator.ts';
import type { AppContext } from '../../core/app-context.ts';
import { stageScenario } from '../dev/index.ts';
import { effectsSettled } from '../effects/index.ts';
import { loadMatch, runMatchCommand } from '../matches/index.ts';
import {
  buildTestApp,
  expectAnswer,
  FakeClock,
  signIn,
  type TestApp,
  type TestAppOptions,
} from '../../test/index.ts';

export const POOL_ENV = {
  GAME_SERVER_PROVIDER: 'pool',
  GAME_SERVER_MONITOR_INTERVAL_MS: '0',
  GAME_SERVER_RCON_TIMEOUT_MS: '500',
  GAME_SERVER_RCON_QUIET_MS: '40',
};

export class Emulators {
  private readonly list: Cod4xEmulator[] = [];
  private readonly dirs: string[] = [];

  async start(options: Partial<EmulatorOptions> = {}): Promise<Cod4xEmulator> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'versus-pool-'));
    this.dirs.push(dir);
    const emulator = new Cod4xEmulator({
      rconPassword: 'pool-rcon-pass',
      logPath: path.join(dir, 'games_mp.log'),
      ...options,
    });
    await emulator.start();
    this.list.push(emulator);
    return emulator;
  }

  async stop(): Promise<void> {
    for (const e of this.list.splice(0)) await e.stop();
    for (const d of this.dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  }
}

/** The pool app; with a monitor interval it runs on real time (the monitor claims its ticks from the clock). */
export async function createPoolApp(
  env: Record<string, string> = {},
  options: Pick<TestAppOptions, 'logger'> = {},
): Promise<TestApp> {
  const realTime =
    env.GAME_SERVER_MONITOR_INTERVAL_MS !== undefined && env.GAME_SERVER_MONITOR_INTERVAL_MS !== '0';
  const clock = realTime ? Object.assign(new FakeClock(Date.now()), { now: () => Date.now() }) : undefined;
  return buildTestApp({ env: { ...POOL_ENV, ...env }, ...(clock ? { clock } : {}), ...options });
}

/** Registers an emulator through the admin API; returns the saved server (with its agent token). */
export async function registerServer(
  t: TestApp,
  emulator: Cod4xEmulator,
  extra: Record<string, unknown> = {},
): Promise<{ id: number; agentToken: string }> {
  const admin = await signIn(t.app, 'admin');
  const res = await admin.post('/api/v1/admin/game-servers', {
    name: `Emulated ${emulator.port}`,
    host: '127.0.0.1',
    port: emulator.port,
    rconPassword: emulator.options.rconPassword,
    locationId: null,
    ...extra,
  });
  const { data } = expectAnswer(res, adminGameServerSavedAnswer, 201);
  if (data.agentToken === undefined) throw new Error('a new server comes with its agent token');
  return { ...data, agentToken: data.agentToken };
}

function vetoStep(match: MatchState): MatchCommand | null {
  const turn = currentVetoTurn(match);
  const map = match.maps.find(isMapAvailable);
  if (!turn || !map) return null;
  return { type: 'veto.select', actor: { userId: turn.userId ?? -1, isAdmin: false }, mapId: map.mapId };
}

/** The turn a match's veto is at: the captain on turn (id and username) and the first open map. */
export async function vetoTurnOf(engine: AppContext, matchId: number) {
  const record = await loadMatch(engine.db, matchId, { lock: false });
  const turn = record ? currentVetoTurn(record.state) : null;
  const map = record?.state.maps.find(isMapAvailable);
  if (!record || !turn?.userId || !map) throw new Error(`match ${String(matchId)} is not at a veto turn`);
  const username = record.users.get(turn.userId)?.username ?? '';
  return { username, userId: turn.userId, mapId: map.mapId };
}

/** A ladder match (BO1 unless bo3) with its veto played to the last step. */
export async function matchAtLastVetoStep(engine: AppContext, bo3 = false): Promise<number> {
  const { matchId } = await stageScenario(engine, bo3 ? 'ladder-veto-bo3' : 'ladder-veto');
  for (;;) {
    const record = await loadMatch(engine.db, matchId, { lock: false });
    if (!record) throw new Error('no match');
    const open = record.state.maps.filter(isMapAvailable).length;
    if (open <= 2) return matchId;
    await runMatchCommand(engine, matchId, vetoStep);
  }
}

/**
 * Plays the last veto step: the veto ends and the match asks for a server. The server is provisioned after
 * the step's answer (docs/match-engine.md); this waits for that too, as a player waits for the server box.
 */
export async function endVeto(engine: AppContext, matchId: number) {
  const outcome = await runMatchCommand(engine, matchId, vetoStep);
  await effectsSettled(engine);
  return outcome;
}
export { allocateTestHost, insertTestHost } from './test-hosts.ts';
