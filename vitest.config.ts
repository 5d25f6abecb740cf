import { defineConfig } from 'vitest/config';

// One `npm test` runs every project. The server's database tests run on embedded PGlite always and,
// when DATABASE_URL is set, a second time on that PostgreSQL server (project "server-postgres").
const withPostgres = Boolean(process.env.DATABASE_URL);

export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: a single worker on a 2-core CI machine, which ran
    // the unit and server files one by one. Two workers run them side by side; the browser stories
    // (fileParallelism: false) still run one at a time, after them, with the machine to themselves.
    // VITEST_MAX_WORKERS overrides this.
    maxWorkers: 2,
    // The migrated PGlite template every server test file and browser story starts from.
    globalSetup: ['scripts/vitest-setup.ts'],
    projects: [
      { test: { name: 'common', include: ['common/src/**/*.test.ts'] } },
      { test: { name: 'agent', include: ['agent/src/**/*.test.ts'] } },
      // The documentation against the repository: links, paths, guided tours, settings (docs/README.md).
      { test: { name: 'docs', include: ['scripts/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          include: ['server/src/**/*.test.ts'],
          env: { TEST_DB: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(withPostgres
        ? [
            {
              test: {
                name: 'server-postgres',
                include: ['server/src/**/*.test.ts'],
                env: { TEST_DB: 'postgres' },
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      'web/vitest.config.ts',
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          // The browser and the server take longer than Vitest's 1 s default to show a change.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
