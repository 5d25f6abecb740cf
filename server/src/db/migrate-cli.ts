// `npm run migrate`: applies the committed migrations to DATABASE_URL or the embedded database in DATA_DIR.
import { openDatabase } from './client.ts';
import { loadCliConfig } from './cli-config.ts';

const config = loadCliConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await database.migrate();
  console.log(
    `Migrations applied (${database.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${config.dataDir}`}).`,
  );
} finally {
  await database.close();
}
