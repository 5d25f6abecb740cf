import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSession } from './support/api-session';
import { launchBrowser } from './support/browser';
import { signedInPage } from './support/match';
import { startServer, type RunningServer } from './support/server';

interface PageAnswer {
  data: {
    id: number;
    status: string;
    bracket: {
      stages: {
        groups: { rounds: { name: string; matches: { id: number | null; statusName: string }[] }[] }[];
      }[];
    };
  };
}

/** `datetime-local` text for `ms` from now in the browser's own time zone (seconds included). */
async function localInput(page: Page, ms: number): Promise<string> {
  return page.evaluate((offset) => {
    const d = new Date(Date.now() + offset);
    const p = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
  }, ms);
}

describe('running a tournament', () => {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('an admin creates it in the UI, captains sign up and check in, the bracket fills live', async () => {
    if (!server || !browser) throw new Error('beforeAll did not start the server and browser');
    const admin = await signedInPage(browser, server, 'admin');
    await admin.goto('/admin');
    const form = admin.getByRole('form', { name: 'Create a tournament' });
    await form.getByLabel('Name').fill('Phone Cup');
    await form.getByLabel('Format').selectOption('single_elimination');
    // Four minutes ahead, so the five-minute check-in is open at once; the admin moves the start to now once
    // everyone has checked in (a busy machine may take long over the sign-ups).
    await form.getByLabel('Start', { exact: true }).fill(await localInput(admin, 4 * 60_000));
    await form.getByLabel('Most teams').fill('4');
    await form.getByLabel('Check-in minutes before the start (0: none)').fill('5');
    await form.getByLabel('Ready check minutes').fill('5');
    await form.getByLabel('Third-place match').check();
    // The admin fixes the server location (the default is a location vote before each veto).
    await form.getByLabel('Server location').selectOption('fixed');
    await form.getByLabel('Fixed location').selectOption({ label: 'Frankfurt, Germany' });
    await form.getByRole('button', { name: 'Create tournament' }).click();
    const tournaments = admin.getByRole('region', { name: 'Tournaments' });
    await tournaments.getByRole('link', { name: 'Phone Cup' }).click();
    await admin.waitForURL((url) => url.pathname === '/tournament/phone-cup');
    await admin.getByText('Single elimination · 5v5').waitFor();

    // A spectator follows on a phone, signed out.
    const phoneContext = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 390, height: 844 },
    });
    phoneContext.setDefaultTimeout(20_000);
    const phone = await phoneContext.newPage();
    await phone.goto('/tournament/phone-cup');
    await phone.locator('.tournament-page[data-live="true"]').waitFor();
    await phone.getByText('The bracket is drawn when the tournament starts.').waitFor();

    // Red Dragons' captain signs up and checks in on the page; the three other captains through the API.
    const captain = await signedInPage(browser, server, 'player1');
    await captain.goto('/tournament/phone-cup');
    await captain.getByRole('button', { name: 'Sign up Red Dragons' }).click();
    await captain.getByRole('button', { name: 'Check in Red Dragons' }).click();
    await captain.getByText('checked in', { exact: false }).first().waitFor();
    const others = await Promise.all(['player6', 'player11', 'player16'].map((u) => apiSession(server!, u)));
    for (const other of others) {
      expect((await other.call('POST', '/api/v1/tournaments/phone-cup/signup', {})).status).toBe(200);
      expect((await other.call('POST', '/api/v1/tournaments/phone-cup/check-in', {})).status).toBe(200);
    }
    // The phone saw every sign-up and check-in arrive without a reload.
    const teams = phone.getByRole('region', { name: /^Teams/ });
    await teams.getByText('Iron Phantoms').waitFor();
    await expect.poll(async () => teams.getByText('· checked in').count()).toBe(4);

    // At the start the sweeper draws the bracket: the semi-finals appear on the phone by themselves.
    const adminApi = await apiSession(server, 'admin');
    const cup = (await adminApi.call('GET', '/api/v1/tournaments/phone-cup')).body as PageAnswer;
    const moved = await adminApi.call('PATCH', `/api/v1/admin/tournaments/${String(cup.data.id)}`, {
      startDate: new Date().toISOString(),
    });
    expect(moved.status).toBe(200);
    const semis = phone.getByRole('listitem', { name: 'Semi-finals' });
    await semis.waitFor({ timeout: 90_000 });
    await expect.poll(async () => semis.getByRole('link', { name: /Match #\d+ · Ready up/ }).count()).toBe(2);
    await phone.getByRole('listitem', { name: 'Third place match' }).waitFor();
    await phone.screenshot({ path: '/tmp/league-bracket-390.png', fullPage: true });

    // Both captains of the first semi-final ready up: the phone's bracket moves that match on.
    const page = (await others[0]!.call('GET', '/api/v1/tournaments/phone-cup')).body as PageAnswer;
    const first = page.data.bracket.stages[0]?.groups[0]?.rounds[0]?.matches[0];
    const semiId = first?.id ?? 0;
    const sessions = [await apiSession(server, 'player1'), ...others];
    for (const s of sessions) await s.call('POST', `/api/v1/match-detail/status/${String(semiId)}/ready/1`);
    await semis.getByRole('link', { name: new RegExp(`Match #${String(semiId)} · Map veto`) }).waitFor();

    await admin.setViewportSize({ width: 1440, height: 900 });
    await admin.reload();
    await admin.getByRole('listitem', { name: 'Semi-finals' }).waitFor();
    await admin.screenshot({ path: '/tmp/league-bracket-1440.png', fullPage: true });

    await phoneContext.close();
    await admin.context().close();
    await captain.context().close();
  });

  it('an admin seeds an upcoming tournament by hand in the UI', async () => {
    if (!server || !browser) throw new Error('beforeAll did not start the server and browser');
    const adminApi = await apiSession(server, 'admin');
    const pools = (await adminApi.call('GET', '/api/v1/admin/map-pools')).body as { data: { id: number }[] };
    const created = await adminApi.call('POST', '/api/v1/admin/tournaments', {
      name: 'Seeded Cup',
      format: 'single_elimination',
      mapPoolId: pools.data[0]?.id,
      teamSize: 5,
      startDate: new Date(Date.now() + 3_600_000).toISOString(),
      seeding: 'manual',
    });
    expect(created.status).toBe(201);
    const captains = await Promise.all(['player1', 'player6', 'player11'].map((u) => apiSession(server!, u)));
    for (const c of captains) {
      expect((await c.call('POST', '/api/v1/tournaments/seeded-cup/signup', {})).status).toBe(200);
    }
    const before = (await adminApi.call('GET', '/api/v1/tournaments/seeded-cup')).body as SeedAnswer;
    const byRating = [...before.data.teams].sort((a, b) => b.team.rating - a.team.rating);
    const last = byRating.at(-1)?.team.name ?? '';

    const admin = await signedInPage(browser, server, 'admin');
    await admin.goto('/admin');
    const tournaments = admin.getByRole('region', { name: 'Tournaments' });
    await tournaments.getByRole('button', { name: 'Seeds of Seeded Cup' }).click();
    const seeds = admin.getByRole('group', { name: 'Seeds of Seeded Cup' });
    // Unseeded, the teams are listed by rating, as the draw would take them.
    const listed = async () =>
      (await seeds.getByRole('listitem').allInnerTexts()).map(
        (text) => /^\d+\. (.+?) rating/.exec(text)?.[1],
      );
    await expect.poll(listed).toEqual(byRating.map((e) => e.team.name));
    await seeds.getByRole('button', { name: `Move ${last} up` }).click();
    await seeds.getByRole('button', { name: `Move ${last} up` }).click();
    await seeds.getByRole('button', { name: 'Save seeds' }).click();
    await admin.getByText('The seeds were saved.').waitFor();
    await seeds.getByRole('listitem').first().getByText(`1. ${last}`).waitFor();
    await seeds.getByRole('listitem').first().getByText('seed 1').waitFor();

    const after = (await adminApi.call('GET', '/api/v1/tournaments/seeded-cup')).body as SeedAnswer;
    const seeded = [...after.data.teams].sort((a, b) => (a.seed ?? 99) - (b.seed ?? 99));
    expect(seeded.map((e) => [e.seed, e.team.name])).toEqual([
      [1, last],
      [2, byRating[0]?.team.name],
      [3, byRating[1]?.team.name],
    ]);
    await admin.setViewportSize({ width: 390, height: 844 });
    expect(await admin.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await tournaments.screenshot({ path: '/tmp/league-seeds-390.png' });
    await admin.context().close();
  });
});

interface SeedAnswer {
  data: { teams: { seed: number | null; team: { name: string; rating: number } }[] };
}
