// `npm run ratings:rerate -w server`: replays every standing result through the current rating model
// (see rerate.ts) on DATABASE_URL or the embedded database in DATA_DIR. Stop the server first when it uses
// the embedded database (PGlite allows one process).
import { openDatabase } from '../../db/client.ts';
import { loadCliConfig } from '../../db/cli-config.ts';
import { rerateHistory } from './rerate.ts';

const config = loadCliConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await database.migrate();
  const { matches } = await rerateHistory(database.db, config.ratings.start);
  console.log(`Re-rated ${String(matches)} matches in the order they finished.`);
} finally {
  await database.close();
}
