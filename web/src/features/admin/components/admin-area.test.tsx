import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeAdminApi, makeOverview } from '@/testing/admin-factories';
import { makeUser } from '@/testing/factories';
import { fakeApi } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';
import { STATUS } from '@versus/common/match/statuses';

const MENU = [
  'Overview',
  'Disputes',
  'Matches',
  'Game servers',
  'Competitions',
  'Catalogue',
  'Players',
  'Moderation',
  'Webhooks',
];

const adminMenu = async () => screen.findByRole('navigation', { name: 'Admin' });

describe('the admin area', () => {
  it('shows a player no menu and no admin data, only that the page is for admins', async () => {
    const api = fakeApi({
      'GET /api/v1/auth/me': { status: 200, body: { data: makeUser({ role: 'player' }) } },
    });
    renderApp('/admin/matches');
    expect(await screen.findByText('Only admins can see this page.')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Admin' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Admin' })).toBeNull();
    expect(api.requests.some((r) => r.url?.startsWith('/api/v1/admin/'))).toBe(false);
  });

  it('sends a signed-out visitor to the sign-in page', async () => {
    fakeApi({ 'GET /api/v1/auth/me': { status: 401, body: { message: 'Unauthenticated.' } } });
    const { router } = renderApp('/admin/catalogue');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('offers every page in its menu and marks the current one', async () => {
    fakeAdminApi();
    renderApp('/admin');
    const menu = await adminMenu();
    const links = within(menu).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(MENU);
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      '/admin',
      '/admin/disputes',
      '/admin/matches',
      '/admin/game-servers',
      '/admin/competitions',
      '/admin/catalogue',
      '/admin/players',
      '/admin/moderation',
      '/admin/webhooks',
    ]);
    expect(within(menu).getByRole('link', { name: 'Overview' }).getAttribute('aria-current')).toBe('page');

    fireEvent.click(within(menu).getByRole('link', { name: 'Catalogue' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Catalogue' })).toBeTruthy();
    expect(within(menu).getByRole('link', { name: 'Catalogue' }).getAttribute('aria-current')).toBe('page');
    expect(within(menu).getByRole('link', { name: 'Overview' }).getAttribute('aria-current')).toBeNull();
  });

  it('folds the phone menu into one button naming the page, and folds it again after a choice', async () => {
    fakeAdminApi();
    renderApp('/admin/disputes');
    const menu = await adminMenu();
    const toggle = within(menu).getByRole('button', { name: 'Admin Disputes' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(menu.className).not.toContain('admin-menu-open');

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(menu.className).toContain('admin-menu-open');

    // Choosing the page already open folds it too.
    fireEvent.click(within(menu).getByRole('link', { name: 'Disputes' }));
    expect(toggle.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(toggle);
    fireEvent.click(within(menu).getByRole('link', { name: 'Players' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Players' })).toBeTruthy();
    const after = within(menu).getByRole('button', { name: 'Admin Players' });
    expect(after.getAttribute('aria-expanded')).toBe('false');
  });

  it('overview: counts what waits, each a link to its page, and lists every page', async () => {
    fakeAdminApi();
    renderApp('/admin');
    const tiles = await screen.findByRole('list', { name: 'Needs attention' });
    const link = (name: RegExp) => within(tiles).getByRole('link', { name });
    expect(link(/^1 Open disputes$/).getAttribute('href')).toBe('/admin/disputes');
    expect(link(/^1 Scores awaiting approval$/).getAttribute('href')).toBe('/admin/matches#scores');
    expect(link(/^2 Open matches$/).getAttribute('href')).toBe('/admin/matches#open');
    const pages = screen.getByRole('region', { name: 'Admin pages' });
    expect(within(pages).getByRole('link', { name: 'Game servers' }).getAttribute('href')).toBe(
      '/admin/game-servers',
    );
    expect(pages.textContent).toContain('Games, maps, map pools and locations.');
  });

  it('overview: says so when the overview cannot be read', async () => {
    fakeAdminApi({ 'GET /api/v1/admin/overview': { status: 500, body: { message: 'Server Error' } } });
    renderApp('/admin');
    expect(await screen.findByText('The overview could not be loaded.')).toBeTruthy();
  });

  it('disputes: each open ticket with its match, who opened it, when, and the reason', async () => {
    fakeAdminApi();
    renderApp('/admin/disputes');
    const section = await screen.findByRole('region', { name: 'Open disputes (1)' });
    expect(within(section).getByRole('link', { name: 'Ticket #4' }).getAttribute('href')).toBe('/ticket/4');
    expect(within(section).getByRole('link', { name: '#30' }).getAttribute('href')).toBe('/match/30');
    expect(section.textContent).toContain('Red Dragons vs Blue Foxes');
    expect(section.textContent).toContain('by Soap');
    expect(section.textContent).toContain('They played with six.');
    const time = section.querySelector('time');
    expect(time?.getAttribute('dateTime')).toBe('2025-03-01T11:00:00.000Z');
    expect(time?.textContent).toMatch(/ ago$/);
  });

  it('disputes: says when there are none', async () => {
    fakeAdminApi({
      'GET /api/v1/admin/overview': { status: 200, body: { data: makeOverview({ openDisputes: [] }) } },
    });
    renderApp('/admin/disputes');
    expect(await screen.findByText('No open disputes.')).toBeTruthy();
  });
});

describe('the admin Matches page', () => {
  it('lists scores awaiting approval and the open matches with their actions', async () => {
    fakeAdminApi();
    renderApp('/admin/matches');
    const scores = await screen.findByRole('list', { name: 'Scores awaiting approval' });
    const scored = within(scores).getByRole('listitem', { name: 'Match #21' });
    expect(scored.textContent).toContain('Red Dragons vs Blue Foxes');
    expect(scored.textContent).toContain('2\u00a0:\u00a01');
    expect(scored.textContent).toMatch(/approval deadline (in \d+ \w+|\d+ \w+ ago)/);

    const open = screen.getByRole('list', { name: 'Open matches' });
    const rows = within(open).getAllByRole('listitem');
    expect(rows.map((r) => r.getAttribute('aria-label'))).toEqual(['Match #12', 'Match #13']);
    expect(rows[1]?.textContent).toContain('Red Dragons vs TBD');
    const actions = within(rows[0]!).getByRole('group', { name: 'Actions for match #12' });
    expect(within(actions).getByRole('button', { name: 'Cancel match #12' })).toBeTruthy();
  });

  it('cancels a match only after the styled confirmation, and says it was cancelled', async () => {
    const api = fakeAdminApi({
      'POST /api/v1/admin/matches/12/cancel': {
        status: 200,
        body: { message: 'Match was cancelled successfully', data: { id: 12, statusId: STATUS.cancelled } },
      },
    });
    const cancels = () => api.requests.filter((r) => r.method === 'post').length;
    renderApp('/admin/matches');

    fireEvent.click(await screen.findByRole('button', { name: 'Cancel match #12' }));
    let dialog = screen.getByRole('alertdialog', { name: 'Cancel match #12?' });
    expect(dialog.textContent).toContain('Red Dragons vs Blue Foxes ends for both teams');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'No, go back' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'No, go back' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(cancels()).toBe(0);

    fireEvent.click(screen.getByRole('button', { name: 'Cancel match #12' }));
    dialog = screen.getByRole('alertdialog', { name: 'Cancel match #12?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel the match' }));
    expect(await screen.findByText('Match was cancelled successfully')).toBeTruthy();
    expect(cancels()).toBe(1);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('shows the server’s refusal of a cancel', async () => {
    fakeAdminApi({
      'POST /api/v1/admin/matches/12/cancel': { status: 409, body: { message: 'The match is finished.' } },
    });
    renderApp('/admin/matches');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel match #12' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, cancel the match' }));
    expect(await screen.findByText('An error has occurred: The match is finished.')).toBeTruthy();
  });
});
