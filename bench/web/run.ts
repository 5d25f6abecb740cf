// Web bench: the match room in headless Chromium against the real server (the e2e harness: built web
// app, embedded PGlite), staged with `ladder-veto`. Prints, and asserts nothing:
//   1. the match page's JavaScript, gzip: every script the browser loads for /match/{id} (entry, the match
//      chunk, and what they load: the realtime client included), each gzipped at level 9 from web/dist;
//   2. time from navigation start until the veto grid is visible, against a blank React page served in
//      the same run (median of BENCH_RUNS loads each after one warm-up; the signed-in context is reused,
//      so the app's files may come from the browser's cache, as they would for a returning player);
//   3. the API requests of one load of the match page, with any made twice.
//
//   npx tsx bench/web/run.ts
//   BENCH_RUNS=10 npx tsx bench/web/run.ts
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { apiSession } from '../../e2e/support/api-session.ts';
import { launchBrowser } from '../../e2e/support/browser.ts';
import { startServer, type RunningServer } from '../../e2e/support/server.ts';
import { serveBlankPage } from './blank-page.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const GRID = '.map-grid .map-card';
const BUDGET_KB = 180;

/** Records, in the page, the first moment (ms since navigation start) an element matches `selector`. */
function visibleAtScript(selector: string): string {
  return `(() => {
    const check = () => {
      if (window.__visibleAt === undefined && document.querySelector(${JSON.stringify(selector)})) {
        window.__visibleAt = performance.now();
      }
    };
    new MutationObserver(check).observe(document, { childList: true, subtree: true });
  })();`;
}

async function timeLoad(context: BrowserContext, url: string, selector: string): Promise<number> {
  const page = await context.newPage();
  await page.addInitScript(visibleAtScript(selector));
  await page.goto(url);
  await page.locator(selector).first().waitFor({ state: 'visible' });
  const at = await page.evaluate(() => (globalThis as unknown as { __visibleAt: number }).__visibleAt);
  await page.close();
  return at;
}

async function signIn(browser: Browser, server: RunningServer, username: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill('password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.close();
  return context;
}

async function stage(server: RunningServer): Promise<{ matchId: number; captain: string }> {
  const admin = await apiSession(server, 'admin');
  const staged = await admin.call('POST', '/api/v1/dev/scenarios/ladder-veto');
  if (staged.status !== 201) throw new Error(`staging ladder-veto: ${JSON.stringify(staged.body)}`);
  const data = (staged.body as { data: { matchId: number; challenger: { captain: string } } }).data;
  return { matchId: data.matchId, captain: data.challenger.captain };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

/** One load of the match page: the scripts and API requests the browser asked for. */
async function recordLoad(page: Page, url: string) {
  const scripts = new Set<string>();
  const api: string[] = [];
  page.on('request', (request) => {
    const { pathname, search } = new URL(request.url());
    if (request.resourceType() === 'script') scripts.add(pathname);
    else if (pathname.startsWith('/api/') || /^\/match\/\d+\/getMembers$/.test(pathname)) {
      api.push(`${request.method()} ${pathname}${search}`);
    }
  });
  await page.goto(url);
  await page.locator('.match-page[data-live="true"]').waitFor();
  // Let late requests (after the page went live) arrive before counting.
  await page.waitForTimeout(1000);
  return { scripts: [...scripts], api };
}

async function gzipKb(file: string): Promise<{ raw: number; gzip: number }> {
  const body = await readFile(path.join(ROOT, 'web/dist', file));
  return { raw: body.length / 1024, gzip: gzipSync(body, { level: 9 }).length / 1024 };
}

async function main() {
  const blankDir = await mkdtemp(path.join(tmpdir(), 'versus-bench-blank-'));
  const server = await startServer();
  const blank = await serveBlankPage(blankDir);
  const browser = await launchBrowser();
  try {
    const { matchId, captain } = await stage(server);
    const matchUrl = `${server.url}/match/${matchId}`;
    const context = await signIn(browser, server, captain);

    // 1 and 3: one recorded load.
    const page = await context.newPage();
    const load = await recordLoad(page, matchUrl);
    await page.close();
    console.log(`\nMatch page JavaScript (/match/${matchId}, as loaded by Chromium; gzip -9 from web/dist):`);
    let total = 0;
    for (const script of load.scripts.sort()) {
      const size = await gzipKb(script.replace(/^\//, ''));
      total += size.gzip;
      console.log(
        `  ${script.padEnd(48)} ${size.raw.toFixed(1).padStart(7)} KB  ${size.gzip.toFixed(1).padStart(6)} KB gzip`,
      );
    }
    console.log(
      `  ${'total'.padEnd(48)} ${''.padStart(10)} ${total.toFixed(1).padStart(6)} KB gzip (target < ${BUDGET_KB} KB)`,
    );

    console.log(`\nAPI requests during one load (${load.api.length}):`);
    const counts = new Map<string, number>();
    for (const request of load.api) counts.set(request, (counts.get(request) ?? 0) + 1);
    for (const [request, count] of counts) console.log(`  ${count > 1 ? `${count}x` : '  '} ${request}`);
    const twice = [...counts].filter(([, count]) => count > 1);
    console.log(twice.length === 0 ? '  nothing asked twice' : `  ASKED MORE THAN ONCE: ${twice.length}`);

    // 2: timings, alternating so both pages see the same machine state; one uncounted warm-up load each
    // (the first load of either also pays for the browser's own start-up work).
    const app: number[] = [];
    const base: number[] = [];
    for (let i = -1; i < RUNS; i += 1) {
      const fresh = await browser.newContext();
      const baseMs = await timeLoad(fresh, blank.url, '#blank-ready');
      await fresh.close();
      const appMs = await timeLoad(context, matchUrl, GRID);
      if (i < 0) continue;
      base.push(baseMs);
      app.push(appMs);
    }
    const appMs = median(app);
    const baseMs = median(base);
    console.log(
      `\nTime to visible (median of ${RUNS}, ms since navigation start, loopback, headless Chromium):`,
    );
    console.log(
      `  veto grid        ${appMs.toFixed(0).padStart(6)} ms   (runs: ${app.map((t) => t.toFixed(0)).join(', ')})`,
    );
    console.log(
      `  blank React page ${baseMs.toFixed(0).padStart(6)} ms   (runs: ${base.map((t) => t.toFixed(0)).join(', ')})`,
    );
    console.log(
      `  ratio            ${(appMs / baseMs).toFixed(2).padStart(6)} x    (target: under 1500 ms and within 3x)`,
    );
    await context.close();
  } finally {
    await browser.close();
    await blank.close();
    await server.stop();
    await rm(blankDir, { recursive: true, force: true });
  }
}

await main();
