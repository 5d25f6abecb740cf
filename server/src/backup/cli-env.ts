import path from 'node:path';

/**
 * DATA_DIR and DATABASE_URL for the backup CLIs, read without `loadConfig` (which creates files in DATA_DIR,
 * and a restore needs it empty). npm runs workspace scripts in `server/`, so relative paths are resolved
 * against the folder npm was invoked from (INIT_CWD), as `npm start` would.
 */
export function cliEnv(env: NodeJS.ProcessEnv = process.env): {
  base: string;
  dataDir: string;
  databaseUrl: string | null;
} {
  const base = env.INIT_CWD ?? process.cwd();
  const url = env.DATABASE_URL?.trim();
  return {
    base,
    dataDir: path.resolve(base, env.DATA_DIR ?? 'data'),
    databaseUrl: url ? url : null,
  };
}
