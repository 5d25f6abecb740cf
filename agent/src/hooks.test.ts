// The apps/ hooks as CoD4x runs them: an executable script called with the file's path runs versus-upload
// with the installed settings; and the map a demo belongs to, read from games_mp.log.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { installHooks } from './hooks.ts';
import { lastEndedMap } from './uploader.ts';

const dirs: string[] = [];
const tmp = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'versus-hooks-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('installHooks', () => {
  it('writes executable hooks that hand the file and the settings to the uploader', () => {
    const home = tmp();
    // A stand-in uploader that prints what it was given.
    const uploader = path.join(home, 'fake-upload.mjs');
    fs.writeFileSync(uploader, 'console.log(JSON.stringify(process.argv.slice(2)));\n');
    const apps = installHooks(home, { url: 'http://versus.test', token: "ga_1_it's", uploader });
    expect(fs.statSync(path.join(apps, 'versus-demo')).mode & 0o777).toBe(0o755);
    expect(fs.statSync(path.join(apps, 'versus-upload.json')).mode & 0o777).toBe(0o600);
    expect(JSON.parse(fs.readFileSync(path.join(apps, 'versus-upload.json'), 'utf8'))).toEqual({
      url: 'http://versus.test',
      token: "ga_1_it's",
    });
    execFileSync(path.join(apps, 'versus-screenshot'), [path.join(home, 'screenshots', 'a b0000.jpg')]);
    const logged = fs.readFileSync(path.join(apps, 'versus-upload.log'), 'utf8').trim();
    expect(JSON.parse(logged)).toEqual([
      '--config',
      path.join(apps, 'versus-upload.json'),
      '--kind',
      'screenshot',
      path.join(home, 'screenshots', 'a b0000.jpg'),
    ]);
  });
});

describe('lastEndedMap', () => {
  it('is the map of the last InitGame before the last ShutdownGame, else the last InitGame', () => {
    const log = path.join(tmp(), 'games_mp.log');
    const init = (map: string) => `  0:05 InitGame: \\g_gametype\\sd\\mapname\\${map}\\_versus_match\\3`;
    fs.writeFileSync(log, [init('mp_crash'), '  9:00 ShutdownGame:', init('mp_strike'), ''].join('\n'));
    expect(lastEndedMap(log)).toBe('mp_crash');
    fs.writeFileSync(log, [init('mp_crash'), init('mp_crash')].join('\n'));
    expect(lastEndedMap(log)).toBe('mp_crash');
    expect(lastEndedMap(path.join(tmp(), 'missing.log'))).toBeUndefined();
    expect(lastEndedMap(undefined)).toBeUndefined();
  });
});
