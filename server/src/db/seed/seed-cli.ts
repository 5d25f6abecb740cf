// `npm run seed`: applies migrations, then seeds the demo world once. Refuses in production.
import { openDatabase } from '../client.ts';
import { loadCliConfig } from '../cli-config.ts';
import { seedDemoWorld } from './index.ts';

if (process.env.NODE_ENV === 'production') {
  console.error('Refusing to seed demo accounts (password "password") with NODE_ENV=production.');
  process.exit(1);
}

const config = loadCliConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await database.migrate();
  const { created } = await seedDemoWorld(database.db, { appUrl: config.appUrl });
  console.log(created ? 'Demo world seeded.' : 'Demo world already present; nothing added.');
} finally {
  await database.close();
}
