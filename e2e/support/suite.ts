import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser';
import { startServer, type RunningServer } from './server';

/**
 * The usual browser-story setup: one server (fresh data folder) and one Chromium for the describe block,
 * started before its tests and stopped after them. `started()` inside a test gives both.
 */
export function serverAndBrowser(...args: Parameters<typeof startServer>) {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(
    async () => {
      server = await startServer(...args);
      browser = await launchBrowser();
    },
    // The project's hook timeout, or longer when E2E_READY_TIMEOUT_MS lets the server start slowly.
    process.env.E2E_READY_TIMEOUT_MS ? Number(process.env.E2E_READY_TIMEOUT_MS) + 60_000 : undefined,
  );
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  return {
    started(): { server: RunningServer; browser: Browser } {
      if (!server || !browser) throw new Error('beforeAll did not start the server and browser');
      return { server, browser };
    },
  };
}
