// Starting one emulated CoD4x server of the embedded default and registering it in the pool (kind
// `embedded`): its own folder for `games_mp.log`, a free UDP port, a random rcon password per start.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { gameServerHosts } from '../../db/schema/index.ts';
import { Cod4xEmulator } from '../../emulator/cod4x-emulator.ts';
import { startControl } from '../../emulator/emulator-control.ts';
import type { SecretBox } from './secret-box.ts';

export interface LaunchOptions {
  dataDir: string;
  /** The server's folder under `<dataDir>/emulators/`, stable per server name. */
  folder: string;
  name: string;
  msPerGameSecond: number;
  /** A server started for one match begins with an empty log, so no line of an earlier match is sent again. */
  freshLog: boolean;
  /**
   * Development only (the scenario endpoint's condition: not production, on loopback): serve the emulator's
   * control interface on a free loopback port and write `{port, controlUrl}` to `control.json` in its folder,
   * so a browser story can crash the match's server.
   */
  control?: boolean;
}

/** Starts an emulator on a free port of 127.0.0.1; resolves once it answers. */
export async function launchEmulator(options: LaunchOptions): Promise<{
  emulator: Cod4xEmulator;
  rconPassword: string;
  port: number;
  stopControl: () => Promise<void>;
}> {
  const rconPassword = crypto.randomBytes(12).toString('base64url');
  const dir = path.join(options.dataDir, 'emulators', options.folder);
  fs.mkdirSync(dir, { recursive: true });
  const logPath = path.join(dir, 'games_mp.log');
  if (options.freshLog) fs.rmSync(logPath, { force: true });
  const emulator = new Cod4xEmulator({
    rconPassword,
    logPath,
    msPerGameSecond: options.msPerGameSecond,
    queryLimit: { burst: 4, periodMs: 1000 },
    dvars: { sv_hostname: options.name, sv_maxclients: '12' },
  });
  const port = await emulator.start();
  const controlFile = path.join(dir, 'control.json');
  fs.rmSync(controlFile, { force: true });
  if (!options.control) return { emulator, rconPassword, port, stopControl: () => Promise.resolve() };
  const control = await startControl(emulator);
  fs.writeFileSync(controlFile, JSON.stringify({ port, controlUrl: control.url }));
  const stopControl = () =>
    new Promise<void>((resolve) => {
      fs.rmSync(controlFile, { force: true });
      control.server.close(() => resolve());
      control.server.closeAllConnections();
    });
  return { emulator, rconPassword, port, stopControl };
}

/**
 * Writes the row of a started emulator: the given row again (its new port and password, offered again),
 * or a new one. Returns the host id.
 */
export async function registerEmulator(
  db: Db,
  box: SecretBox,
  server: {
    name: string;
    locationId: number | null;
    port: number;
    rconPassword: string;
    /** Offer it again (a row an earlier match retired); an always-on server keeps what an admin chose. */
    enable: boolean;
  },
  existingId: number | null,
): Promise<number> {
  const values = {
    host: '127.0.0.1',
    port: server.port,
    rconPasswordEnc: box.seal(server.rconPassword),
    locationId: server.locationId,
    status: 'ONLINE',
    lastError: null,
    updatedAt: new Date(),
    ...(server.enable ? { enabled: true } : {}),
  };
  if (existingId !== null) {
    await db.update(gameServerHosts).set(values).where(eq(gameServerHosts.id, existingId));
    return existingId;
  }
  const [row] = await db
    .insert(gameServerHosts)
    .values({ ...values, name: server.name, kind: 'embedded' })
    .returning({ id: gameServerHosts.id });
  if (!row) throw new Error(`The emulated server ${server.name} could not be registered.`);
  return row.id;
}
