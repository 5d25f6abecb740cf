// The `apps/` hooks of a CoD4x server: CoD4x runs `fs_homepath/apps/<sv_demoCompletedCmd> "<file>"` when a
// demo completes and `apps/<sv_screenshotArrivedCmd> "<file>"` when a screenshot arrives. `versus-demo` and
// `versus-screenshot` are two small shell scripts calling versus-upload with the settings in
// `apps/versus-upload.json` (readable by the server's user only: it holds the agent token).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** This package's uploader command. */
export const UPLOADER_BIN = fileURLToPath(new URL('../bin/versus-upload.mjs', import.meta.url));

export const HOOK_NAMES = { demo: 'versus-demo', screenshot: 'versus-screenshot' } as const;

export interface HookSettings {
  url: string;
  token: string;
  /** games_mp.log, where a demo's map is read. */
  log?: string;
  /** The node binary and the uploader (default: this process's node and this package's bin). */
  node?: string;
  uploader?: string;
}

const quote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;

/** Writes `<homePath>/apps/versus-demo`, `versus-screenshot` and `versus-upload.json`; returns the folder. */
export function installHooks(homePath: string, settings: HookSettings): string {
  const apps = path.join(path.resolve(homePath), 'apps');
  fs.mkdirSync(apps, { recursive: true });
  const config = path.join(apps, 'versus-upload.json');
  fs.writeFileSync(
    config,
    JSON.stringify({
      url: settings.url,
      token: settings.token,
      ...(settings.log ? { log: settings.log } : {}),
    }),
    { mode: 0o600 },
  );
  fs.chmodSync(config, 0o600);
  const node = settings.node ?? process.execPath;
  const uploader = settings.uploader ?? UPLOADER_BIN;
  for (const [kind, name] of Object.entries(HOOK_NAMES)) {
    const script = [
      '#!/bin/sh',
      `# Installed by versus-upload install-hooks: CoD4x runs it with the ${kind}'s path.`,
      `exec ${quote(node)} ${quote(uploader)} --config ${quote(config)} --kind ${kind} "$1" >> ${quote(
        path.join(apps, 'versus-upload.log'),
      )} 2>&1`,
      '',
    ].join('\n');
    fs.writeFileSync(path.join(apps, name), script, { mode: 0o755 });
    fs.chmodSync(path.join(apps, name), 0o755);
  }
  return apps;
}
