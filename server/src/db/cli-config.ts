import path from 'node:path';
import { loadConfig, type Config } from '../config.ts';

/**
 * Configuration for the database CLIs (`npm run migrate`, `npm run seed`). npm runs workspace scripts with
 * cwd `server/`, so a relative DATA_DIR (default `data`) is resolved against the directory npm was invoked
 * from (INIT_CWD): run from the repository root, the CLIs use the same `./data` as `npm start`.
 */
export function loadCliConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const base = env.INIT_CWD ?? process.cwd();
  return loadConfig({ ...env, DATA_DIR: path.resolve(base, env.DATA_DIR ?? 'data') });
}
