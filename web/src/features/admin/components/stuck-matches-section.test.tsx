// The admin Matches page's "Stuck matches": each stuck match with its link, status, since when and why; the
// overview counts them; an empty list and a failed read say so.
import { screen, within } from '@testing-library/react';
import type { StuckMatch } from '@versus/common/api/stuck-matches';
import { STATUS } from '@versus/common/match/statuses';
import { describe, expect, it } from 'vitest';
import { fakeAdminApi } from '@/testing/admin-factories';
import { renderApp } from '@/testing/render-app';

function makeStuckMatch(matchId: number, overrides: Partial<StuckMatch> = {}): StuckMatch {
  return {
    matchId,
    url: `/match/${matchId}`,
    type: 'ladder',
    statusId: STATUS.mapVeto,
    statusName: 'Map veto',
    challengerTeamName: 'Red Dragons',
    opponentTeamName: 'Blue Foxes',
    since: new Date(Date.now() - 40 * 60_000).toISOString(),
    reasonKey: `${STATUS.mapVeto}:clock-missing`,
    reason: 'In Map veto for 40 minutes with no clock',
    ...overrides,
  };
}

const twoStuck = [
  makeStuckMatch(31),
  makeStuckMatch(32, {
    statusId: STATUS.inProgress,
    statusName: 'In progress',
    challengerTeamName: null,
    since: new Date(Date.now() - 12 * 60_000).toISOString(),
    reasonKey: `${STATUS.inProgress}:server-wait`,
    reason: 'Waiting for a game server for 12 minutes',
  }),
];

describe('the admin Stuck matches section', () => {
  it('lists each stuck match with its link, status, since when and why', async () => {
    fakeAdminApi({ 'GET /api/v1/admin/stuck-matches': { status: 200, body: { data: twoStuck } } });
    renderApp('/admin/matches');
    const list = await screen.findByRole('list', { name: 'Stuck matches' });
    expect(screen.getByRole('heading', { level: 2, name: 'Stuck matches (2)' })).toBeTruthy();
    const first = within(list).getByRole('listitem', { name: 'Stuck match #31' });
    expect(within(first).getByRole('link', { name: '#31' }).getAttribute('href')).toBe('/match/31');
    expect(first.textContent).toContain('Red Dragons vs Blue Foxes');
    expect(first.textContent).toContain('Map veto');
    expect(first.textContent).toContain('In Map veto for 40 minutes with no clock');
    expect(within(first).getByRole('time').getAttribute('dateTime')).toBe(twoStuck[0]?.since);
    expect(within(first).getByRole('time').textContent).toMatch(/40 minutes ago/);
    const second = within(list).getByRole('listitem', { name: 'Stuck match #32' });
    expect(second.textContent).toContain('TBD vs Blue Foxes');
    expect(second.textContent).toContain('Waiting for a game server for 12 minutes');
  });

  it('says when no match is stuck', async () => {
    fakeAdminApi();
    renderApp('/admin/matches');
    expect(await screen.findByText('No match is stuck.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Stuck matches (0)' })).toBeTruthy();
  });

  it('says so when the list cannot be read, and the rest of the page still shows', async () => {
    fakeAdminApi({ 'GET /api/v1/admin/stuck-matches': { status: 500, body: { message: 'Server Error' } } });
    renderApp('/admin/matches');
    expect(await screen.findByText('The stuck matches could not be loaded.')).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Open matches' })).toBeTruthy();
  });

  it('the overview counts them, linked to the section', async () => {
    fakeAdminApi({ 'GET /api/v1/admin/stuck-matches': { status: 200, body: { data: twoStuck } } });
    renderApp('/admin');
    const tiles = await screen.findByRole('list', { name: 'Needs attention' });
    const link = await within(tiles).findByRole('link', { name: /^2 Stuck matches$/ });
    expect(link.getAttribute('href')).toBe('/admin/matches#stuck');
  });
});
