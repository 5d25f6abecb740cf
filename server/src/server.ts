import { buildApp } from './app.ts';
import { createBackup } from './backup/archive.ts';
import { listenForBackups } from './backup/control-socket.ts';
import { pgliteDump } from './backup/pglite.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { applyHeapGrowing } from './heap-growth.ts';
import { replaceDemoPasswords, seedDemoWorld } from './db/seed/index.ts';
import { serverLog } from './logging.ts';

/**
 * Process entry: migrate, seed the demo world once (never in production), listen, and shut down
 * gracefully on SIGTERM/SIGINT: stop accepting, let in-flight requests finish, close the database.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  applyHeapGrowing(config.heapGrowingPercent);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    sharedBuffers: config.pgliteSharedBuffers,
  });
  await database.migrate();
  if (config.seedDemo) {
    const { created } = await seedDemoWorld(database.db, { appUrl: config.appUrl });
    if (config.loopback) {
      if (created)
        console.log(
          'Seeded the demo world (demo accounts: player1..player20 and admin, password "password").',
        );
    } else {
      // Reachable from other machines: the well-known demo password is replaced and the new ones shown once.
      const replaced = await replaceDemoPasswords(database.db);
      if (created) console.log('Seeded the demo world.');
      if (replaced.length > 0) {
        console.log(
          `HOST ${config.host} is not loopback: the demo accounts got generated passwords (shown once):`,
        );
        for (const { username, password } of replaced) console.log(`  ${username}  ${password}`);
      }
    }
  }
  const log = serverLog();
  const app = await buildApp({
    config,
    db: database.db,
    logger: log.options,
    poolUse: () => database.poolUse(),
  });
  if (!config.loopback && !config.isProduction)
    app.log.warn(`development start on ${config.host}: reachable from other machines`);
  // PGlite is one process only: `npm run backup` asks this process for the copy (server/src/backup/).
  const control =
    database.kind === 'pglite'
      ? await listenForBackups({
          dataDir: config.dataDir,
          backup: (output) =>
            createBackup({ dataDir: config.dataDir, output, dumpDatabase: pgliteDump(database) }),
          onError: (error) => app.log.error(error, 'backup control socket'),
        })
      : null;

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} received, shutting down`);
    // Readiness answers 503 from now on, so a load balancer stops sending new requests here.
    app.lifecycle.draining = true;
    const drainMs = config.shutdownDrainDelayMs;
    const force = setTimeout(() => {
      app.log.error('shutdown took longer than 15 s, exiting');
      log.flush();
      process.exit(1);
    }, drainMs + 15_000);
    force.unref();
    // The listener keeps serving for the drain delay, so the load balancer sees the 503 before connections
    // are refused.
    new Promise((resolve) => setTimeout(resolve, drainMs))
      .then(() => control?.close())
      .then(() => app.close())
      .then(() => database.close())
      .then(() => {
        log.flush();
        process.exit(0);
      })
      .catch((error: unknown) => {
        app.log.error(error);
        log.flush();
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  console.log(`Versus is running at ${config.appUrl}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
