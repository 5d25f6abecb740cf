// Compiles common, agent and server (`npm run build -w <each>`, in that order: the server's build reads the
// other two's declarations) when a compiled output is missing or older than its sources, so the tests that
// run the production build (e2e/deploy-nginx.test.ts) work on a fresh clone without a Vite build.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Each workspace: the file its build writes last, and what it is built from (its own and its inputs'). */
const WORKSPACES = [
  {
    name: 'common',
    output: 'common/dist/realtime.js',
    sources: ['common/src', 'common/tsconfig.build.json'],
  },
  {
    name: 'agent',
    output: 'agent/dist/versus-upload.mjs',
    sources: ['agent/src', 'agent/tsconfig.build.json', 'agent/bundle.mjs'],
  },
  {
    name: 'server',
    output: 'server/dist/server.js',
    sources: ['server/src', 'server/tsconfig.build.json', 'common/src', 'agent/src'],
  },
];
const isTest = (file) => /\.test\.ts$/.test(file);

/** Newest modification time (ms) under `target`; 0 when it does not exist. */
function newestMtime(target) {
  let stat;
  try {
    stat = fs.statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return isTest(target) ? 0 : stat.mtimeMs;
  return Math.max(
    stat.mtimeMs,
    ...fs.readdirSync(target).map((entry) => newestMtime(path.join(target, entry))),
  );
}

/** Builds what is stale; throws when a build fails. */
export function ensureServerBuild() {
  let rebuilt = false;
  for (const w of WORKSPACES) {
    let builtAt = 0;
    try {
      builtAt = fs.statSync(path.join(root, w.output)).mtimeMs;
    } catch {
      // missing: build
    }
    const sourcesAt = Math.max(...w.sources.map((s) => newestMtime(path.join(root, s))));
    if (!rebuilt && builtAt >= sourcesAt) continue;
    console.log(
      `[build] Compiling ${w.name}: ${builtAt === 0 ? `${w.output} is missing` : 'sources changed'}.`,
    );
    const run = spawnSync('npm', ['run', 'build', '-w', w.name], { cwd: root, stdio: 'inherit' });
    if (run.status !== 0) throw new Error(`npm run build -w ${w.name} failed (exit ${String(run.status)})`);
    rebuilt = true;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  ensureServerBuild();
}
