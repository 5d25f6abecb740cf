import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';

/** Debian's Chromium; Playwright's own browser downloads are never used (no `playwright install`). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Flags for a container without a user namespace sandbox or GPU, and quiet: no update or sync traffic.
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Launches headless Chromium; fails with the install command when it is missing, rather than skipping. */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium is not installed at ${CHROMIUM_PATH}. Install it with "apt-get install -y chromium" ` +
        '(or set CHROMIUM_PATH); the browser tests cannot run without it.',
    );
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/** How long a locator action waits; shorter than the test timeout so a missing element fails with its name. */
// E2E_ACTION_TIMEOUT_MS raises it on a machine shared with other work.
const ACTION_TIMEOUT_MS = Number(process.env.E2E_ACTION_TIMEOUT_MS ?? 15_000);

/**
 * A page in a fresh browser context (its own cookies and storage, like a separate person) whose relative
 * `goto` paths resolve against `baseURL`. Close it with `page.context().close()`.
 */
export async function openPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  context.setDefaultTimeout(ACTION_TIMEOUT_MS);
  return context.newPage();
}
