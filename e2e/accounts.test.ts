// Accounts in the browser: a forgotten password reset through a mail the test's own SMTP server receives,
// and team invitations answered from the notification's page or withdrawn by the captain.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailInbox, type MailInbox } from '../server/src/test/mail-inbox.ts';
import { launchBrowser, openPage } from './support/browser';
import { signedInPage } from './support/match';
import { screenshotsAtBothSizes } from './support/screenshots';
import { startServer, type RunningServer } from './support/server';

describe('accounts', () => {
  let inbox: MailInbox;
  let server: RunningServer;
  let browser: Browser;
  // The test's own SMTP server first: the app reads SMTP_URL when it starts.
  beforeAll(async () => {
    inbox = await startMailInbox();
    server = await startServer({ SMTP_URL: inbox.url });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
    await server.stop();
    await inbox.close();
  });

  it('a player who forgot their password gets a link by mail, sets a new one and signs in', async () => {
    const page = await openPage(browser, server.url);
    await page.goto('/login');
    await screenshotsAtBothSizes(page, 'sign-in');
    const ways = page.locator('.auth-links');
    expect(await ways.getByRole('link', { name: 'Register' }).getAttribute('href')).toBe('/register');

    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL((url) => url.pathname === '/forgot-password');
    await page.getByLabel('Email or username').fill('player3');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page
      .getByRole('status')
      .getByText(/we have sent a link to reset its password/)
      .waitFor();
    await screenshotsAtBothSizes(page, 'forgot-password-sent');

    const mail = await inbox.waitFor((m) => m.to.includes('player3@versus.test'), 30_000);
    const link = /http:\/\/localhost:\d+\/reset-password\?token=[\w-]+/.exec(mail.text)?.[0];
    expect(link, mail.text).toBeDefined();
    await page.goto(link ?? '');

    // Two different passwords are refused in place before anything is sent.
    await page.getByLabel('New password', { exact: true }).fill('my-new-password');
    await page.getByLabel('Confirm new password').fill('my-new-pasword');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('The two passwords do not match.').waitFor();
    await screenshotsAtBothSizes(page, 'reset-password-mismatch');

    await page.getByLabel('Confirm new password').fill('my-new-password');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('status').getByText('Your password has been reset.', { exact: false }).waitFor();
    await screenshotsAtBothSizes(page, 'sign-in-after-reset');

    await page.getByLabel('Username').fill('player3');
    await page.getByLabel('Password').fill('my-new-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.getByTestId('header-username').textContent()).toBe('player3');

    // The link worked once: opened again, it says so next to the form.
    await page.goto(link ?? '');
    await page.getByLabel('New password', { exact: true }).fill('another-password');
    await page.getByLabel('Confirm new password').fill('another-password');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page
      .getByRole('alert')
      .getByText(/already been used/)
      .waitFor();
    await screenshotsAtBothSizes(page, 'reset-password-used');
    await page.context().close();
  });

  it('an invitation is accepted from its notification, another is withdrawn by the captain', async () => {
    const captain = await signedInPage(browser, server, 'player1');
    const invitee = await signedInPage(browser, server, 'player7');
    const other = await signedInPage(browser, server, 'player12');

    await captain.goto('/team/red-dragons');
    const invite = async (username: string) => {
      await captain.getByLabel('Invite a player by username').fill(username);
      await captain.getByRole('button', { name: 'Invite', exact: true }).click();
      await captain.getByRole('list', { name: 'Pending invitations' }).getByText(username).waitFor();
    };
    await invite('player7');

    // The invited player opens the notification; its View leads to the team page, which offers Accept.
    await invitee.getByRole('button', { name: 'Notifications 1' }).click();
    const item = invitee
      .getByRole('region', { name: 'Notifications' })
      .getByRole('listitem')
      .filter({ hasText: 'invited you to join the team Red Dragons' });
    await item.waitFor();
    await screenshotsAtBothSizes(invitee, 'invitation-notification');
    await item.getByRole('link', { name: /^View/ }).click();
    await invitee.waitForURL((url) => url.pathname === '/team/red-dragons');
    const banner = invitee.getByRole('region', { name: 'Your invitation' });
    await banner.getByText('You are invited').waitFor();
    await screenshotsAtBothSizes(invitee, 'invitation-banner', { fullPage: false });
    await banner.getByRole('button', { name: 'Accept' }).click();
    await invitee.getByRole('list', { name: 'Roster' }).getByRole('link', { name: 'player7' }).waitFor();
    await banner.waitFor({ state: 'detached' });

    // A second invitation, withdrawn while the invited player has the page open.
    await invite('player12');
    await other.goto('/team/red-dragons');
    const otherBanner = other.getByRole('region', { name: 'Your invitation' });
    await otherBanner.getByText('You are invited').waitFor();
    await screenshotsAtBothSizes(captain, 'team-pending-invitations', {
      scrollTo: captain.getByRole('list', { name: 'Pending invitations' }),
    });
    await captain.getByRole('button', { name: 'Withdraw the invitation of player12' }).click();
    await captain.getByRole('list', { name: 'Pending invitations' }).waitFor({ state: 'detached' });
    await screenshotsAtBothSizes(captain, 'team-after-withdraw', {
      scrollTo: captain.getByLabel('Invite a player by username'),
    });

    await otherBanner.getByRole('button', { name: 'Accept' }).click();
    await otherBanner
      .getByRole('alert')
      .getByText('This invitation has been withdrawn by the team captain.')
      .waitFor();
    await screenshotsAtBothSizes(other, 'invitation-withdrawn');
    expect(await otherBanner.getByRole('button', { name: 'Accept' }).count()).toBe(0);
    expect(
      await other.getByRole('list', { name: 'Roster' }).getByRole('link', { name: 'player12' }).count(),
    ).toBe(0);

    // The notification says so, and its page offers nothing to accept any more. The page is loaded anew
    // first: the list it read before the withdrawal is only refreshed live once its socket is subscribed,
    // which a loaded machine may not have done yet.
    await other.reload();
    await other.getByRole('heading', { name: /Red Dragons/ }).waitFor();
    expect(await other.getByText('You are invited').count()).toBe(0);
    await other.getByRole('button', { name: /^Notifications/ }).click();
    const withdrawn = other
      .getByRole('region', { name: 'Notifications' })
      .getByRole('listitem')
      .filter({ hasText: 'withdrew your invitation to join the team Red Dragons' });
    await withdrawn.waitFor();

    for (const page of [captain, invitee, other]) await page.context().close();
  });
});
