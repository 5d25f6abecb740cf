// Lineups and the room's edges in the browser: a six-player team plays a 5v5 with the five its captain chose,
// the bench player comes in through Add Sub for a named player, and the labels, buttons and times a user
// sees.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiSession } from './support/api-session';
import { openPage } from './support/browser';
import { openMatch, signedInPage, stageScenario } from './support/match';
import { serverAndBrowser } from './support/suite';

describe('lineups, subs from the bench and the rules players expect', () => {
  const suite = serverAndBrowser();

  const ready = () => {
    const { server, browser } = suite.started();
    return { server, browser };
  };

  const teamPanel = (page: Page, name: string) => page.getByRole('region', { name, exact: false });
  /** Whether `username` is listed in the two team panels. */
  const inTeams = async (page: Page, username: string) =>
    new RegExp(`(?<![A-Za-z])${username}(?!\\d)`).test(
      // innerText: one line per row (textContent would run a row's "Report" button into the next name).
      await page.locator('.match-teams').innerText(),
    );

  it('a six-player team challenges with the five its captain chose; the bench player subs in for a named one', async () => {
    const { server, browser } = ready();
    // player11 (a Silent Vipers player) joins Red Dragons as its sixth player.
    const p1 = await apiSession(server, 'player1');
    const invited = await p1.call('POST', '/api/v1/teams/red-dragons/invitations', { username: 'player11' });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    const p11 = await apiSession(server, 'player11');
    const mine = (await p11.call('GET', '/api/v1/team-invitations')).body as { data: { id: number }[] };
    const invitation = mine.data[0];
    expect(invitation).toBeDefined();
    expect((await p11.call('POST', `/api/v1/team-invitations/${String(invitation?.id)}/accept`)).status).toBe(
      200,
    );

    const page = await signedInPage(browser, server, 'player1');
    const ladders = (await p1.call('GET', '/api/v1/ladders')).body as { data: { slug: string }[] };
    await page.goto(`/ladder/${ladders.data[0]?.slug ?? ''}`);
    await page.getByRole('button', { name: 'Challenge Northern Wolves' }).click();
    const form = page.getByRole('form', { name: 'Challenge Northern Wolves' });
    const lineup = form.getByRole('group', { name: 'Lineup (choose 5)' });
    await lineup.waitFor();
    expect(await lineup.getByRole('checkbox').count()).toBe(6);
    // Sending without a choice: the server's text.
    await form.getByRole('button', { name: 'Send challenge' }).click();
    await form.getByRole('alert').filter({ hasText: 'Choose exactly 5 players for your lineup.' }).waitFor();
    for (const name of ['player1', 'player2', 'player3', 'player4', 'player11']) {
      await lineup.getByLabel(name, { exact: true }).check();
    }
    await form.getByLabel('Best of').selectOption('1');
    await form.getByRole('button', { name: 'Send challenge' }).click();
    await page.waitForURL(/\/match\/\d+$/);
    const matchId = Number(/\/match\/(\d+)$/.exec(page.url())?.[1]);

    // The challenged captain accepts (its five are its roster): the veto starts, 5 vs 5.
    const p6 = await apiSession(server, 'player6');
    expect((await p6.call('POST', `/api/v1/match-detail/status/${String(matchId)}/accept`)).status).toBe(200);
    await openMatch(page, matchId);
    await page.getByText('5 vs 5').waitFor();
    const red = teamPanel(page, 'Red Dragons');
    await red.getByText('player11').first().waitFor();
    expect(await inTeams(page, 'player5')).toBe(false);

    // Add Sub: the bench (player5) replaces the named player2.
    await page.getByRole('button', { name: 'Add Sub' }).click();
    const dialog = page.getByRole('dialog', { name: 'Available Players' });
    await dialog.getByRole('button', { name: 'Add player5' }).waitFor();
    await dialog.getByLabel('Replaces').selectOption({ label: 'player2' });
    await dialog.getByRole('button', { name: 'Add player5' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Player was added as a substitute successfully' })
      .first()
      .waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => inTeams(page, 'player5')).toBe(true);
    expect(await inTeams(page, 'player2')).toBe(false);
    expect(await inTeams(page, 'player11')).toBe(true);
    await page.getByText('5 vs 5').waitFor();
    await page.context().close();
    // The match ends (an admin cancels it): player11 is free for the Silent Vipers' match below (a player
    // plays one match at a time, docs/league-rules.md).
    const admin = await apiSession(server, 'admin');
    const ended = await admin.call('POST', `/api/v1/match-detail/status/${String(matchId)}/cancel`);
    expect(ended.status).toBe(200);
  });

  it('labels, buttons and times as a user sees them', async () => {
    const { server, browser } = ready();
    // The solo-queue header label goes to the queue page.
    const pug = await stageScenario(server, 'pug-pick');
    const visitor = await openPage(browser, server.url);
    await visitor.goto(`/match/${String(pug.matchId)}`);
    const label = visitor.locator('.score-label a');
    await label.waitFor();
    expect(await label.getAttribute('href')).toBe('/queue');

    // Match Overview once team data exists (a match being played lists its players before any map ended);
    // Screenshots for admins too.
    const running = await stageScenario(server, 'in-progress');
    const finished = await stageScenario(server, 'finished');
    const admin = await signedInPage(browser, server, 'admin');
    await openMatch(admin, running.matchId);
    await admin.getByRole('button', { name: 'Screenshots' }).waitFor();
    await admin.getByRole('button', { name: 'Match Overview' }).waitFor();
    await openMatch(admin, finished.matchId);
    await admin.getByRole('button', { name: 'Match Overview' }).waitFor();

    // "See dispute" only for who may open the ticket.
    const disputed = await stageScenario(server, 'disputed');
    await openMatch(admin, disputed.matchId);
    await admin.getByRole('link', { name: 'See dispute' }).waitFor();
    const spectator = await signedInPage(browser, server, 'player16');
    await openMatch(spectator, disputed.matchId);
    await spectator.getByRole('region', { name: 'Score' }).waitFor();
    await spectator.locator('.match-teams').waitFor();
    await spectator.waitForTimeout(500);
    expect(await spectator.getByRole('link', { name: 'See dispute' }).count()).toBe(0);

    // Cancelling reloads every tab, the cancelling one too, and its toast survives the reload.
    const challenge = await stageScenario(server, 'ladder-challenge');
    const canceller = await signedInPage(browser, server, challenge.challenger.captain ?? 'player1');
    const watcher = await signedInPage(browser, server, 'player16');
    await openMatch(canceller, challenge.matchId);
    await openMatch(watcher, challenge.matchId);
    const reloads = [canceller, watcher].map((p) => p.waitForEvent('load'));
    await canceller.getByRole('button', { name: 'Cancel', exact: true }).click();
    await canceller.getByRole('button', { name: 'Yes, end the match' }).click();
    await Promise.all(reloads);
    await canceller.getByText('Match was cancelled successfully').first().waitFor();

    // Notification times in the viewer's locale and time zone (a British English browser in New York).
    const staged = await stageScenario(server, 'ladder-challenge');
    const captain = staged.opponent.captain ?? 'player6';
    const session = await apiSession(server, captain);
    const list = (await session.call('GET', '/api/v1/notification?page=1')).body as {
      data: { createdAt: string }[];
    };
    const instant = list.data[0]?.createdAt ?? '';
    const local = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'America/New_York',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(new Date(instant));
    const context = await browser.newContext({
      baseURL: server.url,
      timezoneId: 'America/New_York',
      locale: 'en-GB',
    });
    const ny = await context.newPage();
    await ny.goto('/login');
    await ny.getByLabel('Username').fill(captain);
    await ny.getByLabel('Password').fill('password');
    await ny.getByRole('button', { name: 'Sign in', exact: true }).click();
    await ny.waitForURL((url) => url.pathname === '/');
    await ny.getByRole('button', { name: /Notifications/ }).click();
    const panel = ny.getByRole('region', { name: 'Notifications' });
    await panel.locator('.notification-time').first().waitFor();
    expect(await panel.locator('.notification-time').first().textContent()).toBe(local);
    await context.close();
    for (const p of [visitor, admin, spectator, canceller, watcher]) await p.context().close();
  });

  it('a ladder match votes for its server location in the browser; the server box shows the flag and the rule', async () => {
    const { server, browser } = ready();
    // The admin lets the demo ladder vote (10 s) instead of playing at its fixed location.
    const admin = await apiSession(server, 'admin');
    const ladders = (await admin.call('GET', '/api/v1/admin/ladders')).body as { data: { id: number }[] };
    const ladderId = ladders.data[0]?.id ?? 0;
    const patched = await admin.call('PATCH', `/api/v1/admin/ladders/${String(ladderId)}`, {
      locationRule: 'vote',
      locationVoteSeconds: 10,
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);

    // Iron Phantoms challenge Silent Vipers, who accept: the location vote starts (status 11).
    const p16 = await apiSession(server, 'player16');
    const vipers = (await p16.call('GET', '/api/v1/teams/silent-vipers')).body as { data: { id: number } };
    const challenge = await p16.call('POST', `/api/v1/ladders/${String(ladderId)}/challenges`, {
      opponentTeamId: vipers.data.id,
      bestOf: 1,
    });
    expect(challenge.status, JSON.stringify(challenge.body)).toBe(201);
    const matchId = (challenge.body as { data: { id: number } }).data.id;
    const page = await signedInPage(browser, server, 'player16');
    await openMatch(page, matchId);
    const p11 = await apiSession(server, 'player11');
    const accepted = await p11.call('POST', `/api/v1/match-detail/status/${String(matchId)}/accept`);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);

    // The Location Voting dialog opens by itself; the browser measures its ping to each location.
    const dialog = page.getByRole('dialog', { name: 'Location Voting' });
    await dialog.getByText('Click on the location you wish to vote for.').waitFor({ timeout: 20_000 });
    await dialog
      .locator('.location-ping', { hasText: /^\d+ ms/ })
      .first()
      .waitFor();
    const card = dialog.locator('.location-card').nth(2);
    const place = ((await card.locator('.location-place').textContent()) ?? '').trim();
    await card.click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Location was selected successfully!' })
      .first()
      .waitFor();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.screenshot({ path: '/tmp/location-vote-1440.png' });

    // The vote ends: the dialog closes, the veto starts, and the server box names the place and the rule.
    await dialog.waitFor({ state: 'detached', timeout: 60_000 });
    const location = page.locator('.server-box .server-location');
    await location.waitFor({ timeout: 30_000 });
    await expect
      .poll(async () => ((await location.textContent()) ?? '').trim())
      .toBe(`${place} · Chosen by vote`);
    expect(await location.locator('img.flag').count()).toBe(1);
    await page.locator('.server-box').scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/location-server-box-1440.png' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator('.server-box').scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/location-server-box-390.png' });
    await page.context().close();
  });
});
