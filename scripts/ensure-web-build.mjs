// Builds the web app (web/dist) only when it is missing or older than its sources, so `npm start` and
// the browser tests serve the current UI without paying for a Vite build on every run.
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'web/dist/index.html');
// Everything that ends up in the bundle. Tests are left out: editing one does not change the app.
const sources = [
  'web/src',
  'web/index.html',
  'web/vite.config.ts',
  'common/src',
  'scripts/map-art.mjs',
  'scripts/generate-map-images.mjs',
].map((p) => path.join(root, p));
const isTest = (file) => /\.test\.[cm]?[jt]sx?$/.test(file);

/** Newest modification time (ms) under `target`, a file or a folder; 0 when it does not exist. */
async function newestMtime(target) {
  let stat;
  try {
    stat = await fs.stat(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return isTest(target) ? 0 : stat.mtimeMs;
  const entries = await fs.readdir(target);
  const times = await Promise.all(entries.map((entry) => newestMtime(path.join(target, entry))));
  return Math.max(stat.mtimeMs, ...times);
}

/** Why a build is needed, or null when web/dist is current. */
async function staleReason() {
  let builtAt;
  try {
    builtAt = (await fs.stat(builtIndex)).mtimeMs;
  } catch {
    return 'web/dist/index.html is missing';
  }
  const sourcesAt = Math.max(...(await Promise.all(sources.map(newestMtime))));
  return sourcesAt > builtAt ? 'web sources changed since the last build' : null;
}

/** Runs `npm run build -w web` from the repository root, inheriting the terminal so Vite's output shows. */
function runBuild() {
  return new Promise((resolve, reject) => {
    // Without NODE_ENV Vite builds for production; an inherited one (Vitest sets "test") would make it
    // bundle React's development build.
    const { NODE_ENV: _ignored, ...env } = process.env;
    const child = spawn('npm', ['run', 'build', '-w', 'web'], {
      cwd: root,
      env,
      stdio: 'inherit',
      shell: process.platform === 'win32',
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`Web build failed (${signal ?? `exit code ${code}`})`));
    });
  });
}

/**
 * Builds web/dist when it is missing or stale; otherwise only says it is current.
 * @returns {Promise<void>}
 */
export async function ensureWebBuild() {
  const reason = await staleReason();
  if (reason === null) {
    console.log('[web] web/dist is up to date, skipping the build.');
    return;
  }
  console.log(`[web] Building the web app: ${reason}.`);
  await runBuild();
  console.log('[web] Web app built into web/dist.');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await ensureWebBuild();
}
