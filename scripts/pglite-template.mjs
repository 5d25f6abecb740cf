// A migrated, empty embedded database to copy instead of building one: a fresh PGlite data folder costs an
// initdb and every migration (tens of seconds on a busy 2-core machine), a copy about a second. The browser
// stories and the tests that start the real server process each begin from such a copy; the server then
// seeds the demo world on its first start as `npm start` does. The template is built once per set of
// migrations and PGlite version (their hash names it) under the system's temporary folder, by the same
// migrate command a user runs, and reused by every later run on the machine.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const migrations = path.join(root, 'server/drizzle');

/** What the template depends on: every migration file and the PGlite version. */
async function templateKey() {
  const hash = crypto.createHash('sha256');
  const walk = async (dir) => {
    for (const entry of (await fs.readdir(dir, { withFileTypes: true })).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else hash.update(entry.name).update(await fs.readFile(full));
    }
  };
  await walk(migrations);
  // The package's entry file lies inside its folder: the folder's package.json has the version.
  const entry = createRequire(path.join(root, 'server/package.json')).resolve('@electric-sql/pglite');
  const folder = entry.slice(0, entry.lastIndexOf(`${path.sep}dist${path.sep}`));
  const pglite = JSON.parse(await fs.readFile(path.join(folder, 'package.json'), 'utf8'));
  hash.update(String(pglite.version));
  // The database inside the cluster that holds the tables (PGLITE_DATABASE in server/src/db/client.ts).
  hash.update('database=template1');
  return hash.digest('hex').slice(0, 16);
}

function run(args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`migrate exited with ${code}:\n${output}`)),
    );
  });
}

const TARBALL = 'pglite.tar';
const DUMP = `
import { PGlite } from '@electric-sql/pglite';
import { writeFile } from 'node:fs/promises';
const db = new PGlite(process.argv[1]);
const tar = await db.dumpDataDir('none');
await writeFile(process.argv[2], Buffer.from(await tar.arrayBuffer()));
await db.close();
`;

let building = null;

/** The template's data folder (its `pglite/` inside), built by `npm run migrate` when missing. */
export async function pgliteTemplate() {
  building ??= (async () => {
    const dir = path.join(os.tmpdir(), `versus-pglite-template-${await templateKey()}`);
    const ready = await fs
      .stat(path.join(dir, 'pglite'))
      .then(() => true)
      .catch(() => false);
    if (ready) return dir;
    // Built beside it, then renamed: a concurrent builder (another test worker) loses the rename, never
    // sees half a template.
    const partial = `${dir}.partial-${process.pid}-${crypto.randomBytes(4).toString('hex')}`;
    await fs.mkdir(partial, { recursive: true });
    const env = { ...process.env, DATA_DIR: partial, NODE_ENV: 'development' };
    delete env.DATABASE_URL;
    try {
      await run(['--import', 'tsx', 'server/src/db/migrate-cli.ts'], env);
      // The same database as a tarball, for PGlite's `loadDataDir` (the in-memory test databases).
      await run(
        ['--input-type=module', '-e', DUMP, path.join(partial, 'pglite'), path.join(partial, TARBALL)],
        env,
      );
      await fs.rename(partial, dir);
    } catch (error) {
      await fs.rm(partial, { recursive: true, force: true });
      const won = await fs
        .stat(path.join(dir, 'pglite'))
        .then(() => true)
        .catch(() => false);
      if (!won) throw error;
    }
    return dir;
  })();
  try {
    return await building;
  } catch (error) {
    building = null;
    throw error;
  }
}

/** Puts a copy of the migrated template into `dataDir` (which holds nothing of PGlite's yet). */
export async function copyPgliteTemplate(dataDir) {
  const template = await pgliteTemplate();
  await fs.mkdir(dataDir, { recursive: true });
  await fs.cp(path.join(template, 'pglite'), path.join(dataDir, 'pglite'), { recursive: true });
}

/** The template as a tarball for PGlite's `loadDataDir` (an in-memory database starting migrated). */
export async function pgliteTemplateTarball() {
  return fs.readFile(path.join(await pgliteTemplate(), TARBALL));
}
