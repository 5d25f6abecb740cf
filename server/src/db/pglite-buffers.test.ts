// The embedded database's buffer cache is the setting's size: PGLITE_SHARED_BUFFERS, read by the config, is
// what PGlite runs with, and a value PostgreSQL would not read is refused at start with the variable's name.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig, PGLITE_SHARED_BUFFERS } from '../config.ts';
import { openDatabase } from './client.ts';

async function sharedBuffers(env: NodeJS.ProcessEnv): Promise<string> {
  const config = loadConfig({ NODE_ENV: 'test', ...env });
  const database = await openDatabase({
    databaseUrl: null,
    dataDir: 'memory',
    sharedBuffers: config.pgliteSharedBuffers,
  });
  try {
    const result = await database.db.execute(sql`show shared_buffers`);
    return (result as { rows: { shared_buffers: string }[] }).rows[0]?.shared_buffers ?? '';
  } finally {
    await database.close();
  }
}

// PGlite only: the setting means nothing to PostgreSQL.
describe.skipIf(process.env.TEST_DB === 'postgres')('PGLITE_SHARED_BUFFERS', () => {
  it('is the buffer cache PGlite runs with, and the default when unset', async () => {
    expect(await sharedBuffers({ PGLITE_SHARED_BUFFERS: '8MB' })).toBe('8MB');
    expect(await sharedBuffers({})).toBe(PGLITE_SHARED_BUFFERS);
  }, 120_000);

  it('refuses a value that is not a size', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', PGLITE_SHARED_BUFFERS: 'lots' })).toThrow(
      /PGLITE_SHARED_BUFFERS must be a size/,
    );
  });
});
