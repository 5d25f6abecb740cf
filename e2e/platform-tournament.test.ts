import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiSession } from './support/api-session';
import { signedInPage } from './support/match';
import { screenshotsAtBothSizes } from './support/screenshots';
import { serverAndBrowser } from './support/suite';

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
  const suite = serverAndBrowser();

  it('an admin creates it in the UI, captains sign up and check in, the bracket fills live', async () => {
    const { server, browser } = suite.started();
    const admin = await signedInPage(browser, server, 'admin');
    await admin.goto('/admin/competitions');
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
    const others = await Promise.all(['player6', 'player11', 'player16'].map((u) => apiSession(server, u)));
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
    const { server, browser } = suite.started();
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
    const captains = await Promise.all(['player1', 'player6', 'player11'].map((u) => apiSession(server, u)));
    for (const c of captains) {
      expect((await c.call('POST', '/api/v1/tournaments/seeded-cup/signup', {})).status).toBe(200);
    }
    const before = (await adminApi.call('GET', '/api/v1/tournaments/seeded-cup')).body as SeedAnswer;
    const byRating = [...before.data.teams].sort((a, b) => b.team.rating - a.team.rating);
    const last = byRating.at(-1)?.team.name ?? '';

    const admin = await signedInPage(browser, server, 'admin');
    await admin.goto('/admin/competitions');
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

    // Its first round gets a window to agree a start in: a refusal shows in the form, then the window is listed.
    await admin.setViewportSize({ width: 1440, height: 900 });
    await tournaments.getByRole('button', { name: 'Seeds of Seeded Cup' }).click();
    await tournaments.getByRole('button', { name: 'Round windows of Seeded Cup' }).click();
    const windows = admin.getByRole('region', { name: 'Round windows of Seeded Cup' });
    await windows.getByText('No round has a window').waitFor();
    await windows.getByRole('button', { name: 'Save window' }).click();
    await windows.getByText('The opens at field is required.').waitFor();
    await windows.getByText('The deadline field is required.').waitFor();
    await screenshotsAtBothSizes(admin, 'round-windows-refused', { scrollTo: windows });
    const local = (ms: number) => new Date(ms).toISOString().slice(0, 16);
    await windows.getByLabel('Opens', { exact: true }).fill(local(Date.now() + 2 * 3_600_000));
    await windows.getByLabel('Deadline', { exact: true }).fill(local(Date.now() + 26 * 3_600_000));
    await windows.getByRole('button', { name: 'Save window' }).click();
    await windows.getByText(/^Round 1: .* forfeit rule/).waitFor();
    await screenshotsAtBothSizes(admin, 'round-windows-saved', { scrollTo: windows });
    await admin.context().close();
  });
});

// Saves go through the browser, then the API is read until it shows them (the poll timeout of the e2e
// project in vitest.config.ts leaves a busy machine time).
describe('editing competitions', () => {
  const suite = serverAndBrowser();

  it('an admin edits a ladder’s and a running tournament’s settings in place; only what changed is sent', async () => {
    const { server, browser } = suite.started();
    const adminApi = await apiSession(server, 'admin');
    const ladders = (await adminApi.call('GET', '/api/v1/admin/ladders')).body as {
      data: {
        id: number;
        name: string;
        vetoTurnSeconds: number;
        locationRule: string;
        drawsAllowed: boolean;
        mapPoolId: number;
        fixedLocationId: number | null;
      }[];
    };
    const ladder = ladders.data[0];
    if (!ladder) throw new Error('the demo world has no ladder');

    const admin = await signedInPage(browser, server, 'admin');
    await admin.goto('/admin/competitions');
    const ladderRow = admin.getByRole('region', { name: 'Ladders' }).getByRole('listitem').filter({
      hasText: ladder.name,
    });
    await ladderRow.locator('summary', { hasText: /^Settings/ }).click();
    const settings = admin.getByRole('form', { name: `Settings of ${ladder.name}` });
    // The form holds what the ladder has.
    expect(await settings.getByLabel('Veto turn seconds').inputValue()).toBe(String(ladder.vetoTurnSeconds));
    expect(await settings.getByLabel('Ladder name').inputValue()).toBe(ladder.name);
    await settings.getByLabel('Veto turn seconds').fill('45');
    await settings.getByLabel('Draws allowed (a map may end level)').uncheck();
    await settings.getByRole('button', { name: 'Save changes' }).click();
    const ladderNow = async () =>
      ((await adminApi.call('GET', '/api/v1/admin/ladders')).body as typeof ladders).data.find(
        (l) => l.id === ladder.id,
      );
    await expect.poll(async () => (await ladderNow())?.vetoTurnSeconds).toBe(45);
    // Only what changed: the pool and the fixed location (selects filled once their lists arrive) stay.
    expect(await ladderNow()).toMatchObject({
      name: ladder.name,
      vetoTurnSeconds: 45,
      drawsAllowed: false,
      locationRule: ladder.locationRule,
      mapPoolId: ladder.mapPoolId,
      fixedLocationId: ladder.fixedLocationId,
    });
    // A refused value shows under its field.
    await settings.getByLabel('Veto turn seconds').fill('1');
    await settings.evaluate((form: { noValidate: boolean }) => {
      form.noValidate = true;
    });
    await settings.getByRole('button', { name: 'Save changes' }).click();
    await settings.locator('.field-error').first().waitFor();

    // A running tournament takes a new name; its draw fields are untouched, so the server accepts the edit.
    const pools = (await adminApi.call('GET', '/api/v1/admin/map-pools')).body as { data: { id: number }[] };
    const created = await adminApi.call('POST', '/api/v1/admin/tournaments', {
      name: 'Running Cup',
      format: 'single_elimination',
      mapPoolId: pools.data[0]?.id,
      teamSize: 5,
      startDate: new Date(Date.now() + 3_600_000).toISOString(),
      locationRule: 'fixed',
      fixedLocationId: 1,
    });
    expect(created.status).toBe(201);
    const cupId = (created.body as { data: { id: number } }).data.id;
    for (const u of ['player1', 'player6']) {
      const c = await apiSession(server, u);
      expect((await c.call('POST', '/api/v1/tournaments/running-cup/signup', {})).status).toBe(200);
    }
    const started = await adminApi.call('PATCH', `/api/v1/admin/tournaments/${String(cupId)}`, {
      startDate: new Date().toISOString(),
    });
    expect(started.status).toBe(200);
    await expect
      .poll(async () => {
        const page = (await adminApi.call('GET', '/api/v1/tournaments/running-cup')).body as {
          data: { status: string };
        };
        return page.data.status;
      })
      .toBe('running');
    await admin.reload();
    const cupRow = admin.getByRole('region', { name: 'Tournaments' }).getByRole('listitem').filter({
      hasText: 'Running Cup',
    });
    await cupRow.locator('summary', { hasText: /^Settings/ }).click();
    const cupSettings = admin.getByRole('form', { name: 'Settings of Running Cup' });
    await cupSettings.getByLabel('Name', { exact: true }).fill('Running Cup Finals');
    await cupSettings.getByRole('button', { name: 'Save changes' }).click();
    const cupNow = async () =>
      (
        (await adminApi.call('GET', '/api/v1/admin/tournaments')).body as {
          data: { id: number; name: string; status: string }[];
        }
      ).data.find((t) => t.id === cupId);
    await expect.poll(async () => (await cupNow())?.name).toBe('Running Cup Finals');
    expect((await cupNow())?.status).toBe('running');
    await admin.setViewportSize({ width: 390, height: 844 });
    expect(await admin.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await cupSettings.screenshot({ path: '/tmp/admin-settings-390.png' });
    await admin.setViewportSize({ width: 1440, height: 900 });
    await cupSettings.screenshot({ path: '/tmp/admin-settings-1440.png' });

    // Archived, the ladder leaves the public list (its page stays) until it is listed again.
    await ladderRow.getByRole('button', { name: `Archive ${ladder.name}` }).click();
    await admin.getByText('The ladder was archived.').first().waitFor();
    await ladderRow.getByText('closed · archived').waitFor();
    const visitor = await browser.newPage({ baseURL: server.url });
    await visitor.goto('/ladders');
    await visitor.getByRole('heading', { level: 1 }).first().waitFor();
    await visitor.waitForLoadState('networkidle');
    expect(await visitor.getByRole('link', { name: ladder.name }).count()).toBe(0);
    await ladderRow.getByRole('button', { name: `Unarchive ${ladder.name}` }).click();
    await admin.getByText('The ladder is listed again.').first().waitFor();
    await visitor.reload();
    await visitor.getByRole('link', { name: ladder.name }).first().waitFor();
    await visitor.close();
    await admin.context().close();
  });

  it('an admin edits the catalogue in place: a map, a location, a map pool and a game', async () => {
    const { server, browser } = suite.started();
    const adminApi = await apiSession(server, 'admin');
    const allMaps = (await adminApi.call('GET', '/api/v1/admin/maps')).body as { data: { id: number }[] };
    const created = await adminApi.call('POST', '/api/v1/admin/map-pools', {
      name: 'Spring Pool',
      mapIds: allMaps.data
        .slice(0, 7)
        .map((m) => m.id)
        .reverse(),
    });
    expect(created.status).toBe(201);
    const poolCreated = (created.body as { data: { id: number; name: string; mapIds: number[] } }).data;
    const admin = await signedInPage(browser, server, 'admin');
    await admin.goto('/admin/catalogue');
    // Rows are told apart by their visible line (the closed editors' labels are in the text too).
    const open = async (region: string, text: RegExp, form: string) => {
      const row = admin
        .getByRole('region', { name: region, exact: true })
        .getByRole('listitem')
        .filter({ hasText: text });
      await row.first().locator('summary', { hasText: /^Edit/ }).click();
      return admin.getByRole('form', { name: form });
    };
    const get = async <T>(path: string) => ((await adminApi.call('GET', path)).body as { data: T[] }).data;

    const mapForm = await open('Maps', /Crash mp_crash active/, 'Edit of Crash');
    expect(await mapForm.getByLabel('Map command (e.g. mp_crash)').inputValue()).toBe('mp_crash');
    await mapForm.getByLabel('Map name').fill('Crash (Winter)');
    await mapForm.getByRole('button', { name: 'Save changes' }).click();
    type MapRow = { id: number; name: string; nameCmd: string };
    await expect
      .poll(async () => (await get<MapRow>('/api/v1/admin/maps')).find((m) => m.nameCmd === 'mp_crash')?.name)
      .toBe('Crash (Winter)');
    const crashId = (await get<MapRow>('/api/v1/admin/maps')).find((m) => m.nameCmd === 'mp_crash')?.id;

    type LocationRow = { id: number; city: string; country: string };
    const [first] = await get<LocationRow>('/api/v1/admin/locations');
    if (!first) throw new Error('no location');
    const locationForm = await open(
      'Locations',
      new RegExp(`${first.city}, ${first.country}`),
      `Edit of ${first.city}, ${first.country}`,
    );
    await locationForm.getByLabel('City').fill(`${first.city} West`);
    await locationForm.getByRole('button', { name: 'Save changes' }).click();
    await expect
      .poll(
        async () => (await get<LocationRow>('/api/v1/admin/locations')).find((l) => l.id === first.id)?.city,
      )
      .toBe(`${first.city} West`);

    // A pool keeps its veto-grid order when a map is taken out. (The demo pools are awaited by matches of the
    // running cup, which refuse a change: 409.)
    type PoolRow = { id: number; name: string; mapIds: number[] };
    const pool = poolCreated;
    const poolForm = await open(
      'Map pools',
      new RegExp(pool.name.replace(/[()]/g, '.')),
      `Edit of ${pool.name}`,
    );
    await poolForm.getByLabel('Crash (Winter)').uncheck();
    await poolForm.getByRole('button', { name: 'Save changes' }).click();
    await expect
      .poll(async () => (await get<PoolRow>('/api/v1/admin/map-pools')).find((p) => p.id === pool.id)?.mapIds)
      .toEqual(pool.mapIds.filter((id) => id !== crashId));

    const gameForm = await open('Games', /Call of Duty 4 cod4/, 'Edit of Call of Duty 4');
    await gameForm.getByLabel('Highest map score').fill('16');
    await gameForm.getByRole('button', { name: 'Save changes' }).click();
    await expect
      .poll(
        async () =>
          (await get<{ slug: string; maxMapScore: number }>('/api/v1/admin/games')).find(
            (g) => g.slug === 'cod4',
          )?.maxMapScore,
      )
      .toBe(16);
    // A refused value shows under its field, not as a 5xx.
    await gameForm.getByLabel('Slug (e.g. cod4)').fill('Not A Slug!');
    await gameForm.getByRole('button', { name: 'Save changes' }).click();
    await gameForm.locator('.field-error').first().waitFor();
    await admin.context().close();
  });
});

interface SeedAnswer {
  data: { teams: { seed: number | null; team: { name: string; rating: number } }[] };
}
