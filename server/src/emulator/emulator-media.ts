// The emulator's demos and screenshots, as CoD4x 1.8 makes them (src/sv_demo.c, src/sv_screenshot.c of
// callofduty4x/CoD4x_Server). With `sv_autodemorecord 1` every connected client is recorded; when the map ends
// each demo is completed as `<home>/demos/demo_<playerid>_<0000-9999>.dm_1` and
// `<home>/apps/<sv_demoCompletedCmd> "<file>"` runs. `getss <slot|all> [name]` takes a screenshot of each
// client (`<home>/screenshots/<name or player name><0000-9999>.jpg`, a real JPEG) and runs
// `<home>/apps/<sv_screenshotArrivedCmd> "<file>"` when it has arrived.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import jpeg from 'jpeg-js';
import type { Dvars } from './dvars.ts';

/** What the media need of the emulator (its dvars and its events), so this file does not import it back. */
export interface MediaHost {
  readonly dvars: Dvars;
  emit(event: 'media', payload: MediaEvent): boolean;
}

/** A connected client, as `status` shows it. */
export interface MediaClient {
  num: number;
  playerId: string;
  name: string;
}

/** CoD4x's common version, which `SV_RecordClient` writes as the demo's protocol. */
const DEMO_PROTOCOL = 17;

export interface MediaEvent {
  kind: 'demo' | 'screenshot';
  file: string;
  /** The hook's exit code; null when no hook is set (or it could not start). */
  exitCode: number | null;
}

/** A completed demo's bytes: the header `SV_RecordClient` writes, a few messages, `SV_StopRecord`'s end. */
export function cod4DemoBytes(seed: string, messages = 6): Buffer {
  const header = Buffer.alloc(17);
  header[0] = 2;
  header.writeInt32LE(DEMO_PROTOCOL, 1);
  header.writeInt32LE(-1, 5);
  const parts = [header];
  for (let i = 0; i < messages; i++) {
    const data = crypto.createHash('sha512').update(`${seed}:${i}`).digest();
    const head = Buffer.alloc(9);
    head[0] = 0;
    head.writeInt32LE(i + 1, 1);
    head.writeInt32LE(data.length, 5);
    parts.push(head, data);
  }
  parts.push(Buffer.from([0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]));
  return Buffer.concat(parts);
}

/** A small real JPEG (64x48, a colour of the seed), encoded with jpeg-js. */
export function jpegBytes(seed: string): Buffer {
  const width = 64;
  const height = 48;
  const [r = 0, g = 0, b = 0] = crypto.createHash('sha1').update(seed).digest();
  const data = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    const shade = (i % width) * 2;
    data[i * 4] = (r + shade) & 0xff;
    data[i * 4 + 1] = g;
    data[i * 4 + 2] = b;
    data[i * 4 + 3] = 0xff;
  }
  return jpeg.encode({ data, width, height }, 80).data;
}

/** `SV_DemoFilename` / `SV_SSFilename`: the base name and the first free number of four digits. */
function freeName(dir: string, base: string, extension: string): string {
  for (let n = 0; n <= 9999; n++) {
    const name = `${base}${String(n).padStart(4, '0')}${extension}`;
    if (!fs.existsSync(path.join(dir, name))) return name;
  }
  return `${base}9999${extension}`;
}

/** `FilenameCharValidate`: what a screenshot's base name may not hold becomes `_`. */
function validName(name: string): string {
  return [...name].map((c) => (c <= ' ' || c === '\xff' || './\\:*?"<>|'.includes(c) ? '_' : c)).join('');
}

export class EmulatorMedia {
  /** Hooks run so far; tests wait on the `media` event of the emulator. */
  readonly events: MediaEvent[] = [];

  constructor(
    private readonly emulator: MediaHost,
    readonly homePath: string,
  ) {
    for (const name of ['sv_autodemorecord', 'sv_demoCompletedCmd', 'sv_screenshotArrivedCmd']) {
      if (!emulator.dvars.has(name)) emulator.dvars.set(name, name === 'sv_autodemorecord' ? '0' : '');
    }
  }

  /** The map ended (`ShutdownGame:`): each recorded client's demo is completed and handed to the hook. */
  mapEnded(clients: MediaClient[]): void {
    if (this.emulator.dvars.get('sv_autodemorecord') !== '1') return;
    const dir = path.join(this.homePath, 'demos');
    fs.mkdirSync(dir, { recursive: true });
    for (const client of clients) {
      const name = freeName(dir, `demo_${client.playerId}_`, '.dm_1');
      const file = path.join(dir, name);
      fs.writeFileSync(file, cod4DemoBytes(`${name}:${this.emulator.dvars.get('mapname')}`));
      this.runHook('demo', this.emulator.dvars.get('sv_demoCompletedCmd'), file);
    }
  }

  /** `getss <slot|all> [name]`: the console's output; each picture arrives a moment later. */
  getss(args: string[], clients: MediaClient[]): string[] {
    const [handle, base] = args;
    if (!handle) return ['Usage: getss <slot|all> [name]\n'];
    const targets = handle === 'all' ? clients : clients.filter((c) => String(c.num) === handle);
    if (targets.length === 0) return ['Error: This player is not online\n'];
    const dir = path.join(this.homePath, 'screenshots');
    fs.mkdirSync(dir, { recursive: true });
    const out: string[] = [];
    for (const client of targets) {
      const name = freeName(dir, validName(base ?? client.name), '.jpg');
      const file = path.join(dir, name);
      // Reserve the name now, as the request is made; the picture arrives from the client later.
      fs.writeFileSync(`${file}.part`, '');
      out.push(`Taking screenshot of ${client.name}: screenshots/${name}\n`);
      setTimeout(() => {
        fs.writeFileSync(file, jpegBytes(`${client.playerId}:${name}`));
        fs.rmSync(`${file}.part`, { force: true });
        this.runHook('screenshot', this.emulator.dvars.get('sv_screenshotArrivedCmd'), file);
      }, 20);
    }
    return out;
  }

  /** `"<home>/apps/<cmd>" "<file>"`, refused like CoD4x when the name climbs out of `apps/`. */
  private runHook(kind: MediaEvent['kind'], command: string, file: string): void {
    const done = (exitCode: number | null) => {
      const event = { kind, file, exitCode };
      this.events.push(event);
      this.emulator.emit('media', event);
    };
    if (command === '' || command.includes('..')) return done(null);
    const child = spawn(path.join(this.homePath, 'apps', command), [file], { stdio: 'ignore' });
    child.on('error', () => done(null));
    child.on('exit', (code) => done(code));
  }
}
