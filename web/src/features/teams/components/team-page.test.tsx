import type { RosterMember, TeamPage } from '@versus/common/api/teams';
import { STATUS } from '@versus/common/match/statuses';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/render-with-providers';
import { TeamPageView } from './team-page';

const member = (id: number, username: string, overrides: Partial<RosterMember> = {}): RosterMember => ({
  id,
  username,
  formattedUsername: `<span>${username}</span>`,
  image: null,
  flag: null,
  elo: 1000,
  isCaptain: false,
  joinedAt: '2025-01-01T10:00:00.000Z',
  canKick: false,
  canMakeCaptain: false,
  ...overrides,
});

/** Red Dragons seen by their captain Soap, with Ghost on the roster and one played match. */
function team(overrides: Partial<TeamPage> = {}): TeamPage {
  return {
    id: 3,
    name: 'Red Dragons',
    tag: 'RD',
    slug: 'red-dragons',
    url: '/team/red-dragons',
    image: null,
    rating: 1000,
    ratingProvisional: false,
    createdAt: '2025-01-01T10:00:00.000Z',
    captain: { id: 1, username: 'Soap' },
    roster: [
      member(1, 'Soap', { isCaptain: true }),
      member(2, 'Ghost', { canKick: true, canMakeCaptain: true }),
    ],
    ladders: [],
    seasonHistory: [],
    recentMatches: [
      {
        id: 9,
        url: '/match/9',
        type: 'ladder',
        statusId: STATUS.finished,
        statusName: 'Finished',
        date: '2025-03-01T18:05:00.000Z',
        side: 1,
        teamName: 'Red Dragons',
        opponentName: 'Blue Foxes',
        opponentSlug: 'blue-foxes',
        score: 2,
        opponentScore: 1,
        result: 'win',
        forfeit: false,
        ratingDelta: 12,
        outcomeText: null,
        ratingOf: 'team',
      },
    ],
    pendingInvitations: [],
    viewer: { isMember: true, isCaptain: true, canInvite: false, canLeave: true, invitation: null },
    ...overrides,
  };
}

function setup() {
  const api = fakeApi({
    'GET /api/v1/teams/red-dragons': { status: 200, body: { data: team() } },
    'POST /api/v1/teams/red-dragons/kick/2': { status: 200, body: { message: 'Ghost was removed.' } },
    'POST /api/v1/teams/red-dragons/captain': { status: 200, body: { message: 'Ghost is the captain.' } },
    'POST /api/v1/teams/red-dragons/leave': {
      status: 200,
      body: { message: 'You left Red Dragons.', data: { disbanded: false } },
    },
  });
  const posts = () => api.requests.filter((r) => r.method === 'post').map((r) => r.url);
  return { posts };
}

describe('team page confirmations', () => {
  it('asks in a styled dialog before kicking, and kicks only after Yes', async () => {
    const { posts } = setup();
    renderWithProviders(<TeamPageView slug="red-dragons" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Kick Ghost' }));

    const dialog = screen.getByRole('alertdialog', { name: 'Kick Ghost?' });
    expect(dialog.textContent).toContain('has to be invited again');
    fireEvent.click(within(dialog).getByRole('button', { name: 'No, go back' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(posts()).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Kick Ghost' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, kick' }));
    await waitFor(() => expect(posts()).toEqual(['/api/v1/teams/red-dragons/kick/2']));
    expect(await screen.findByText('Ghost was removed.')).toBeTruthy();
  });

  it('asks before handing over the captaincy', async () => {
    const { posts } = setup();
    renderWithProviders(<TeamPageView slug="red-dragons" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Make Ghost captain' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Make Ghost the captain?' });
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(posts()).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Make Ghost captain' }));
    expect(dialog.isConnected).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Yes, make captain' }));
    await waitFor(() => expect(posts()).toEqual(['/api/v1/teams/red-dragons/captain']));
  });

  it('asks before leaving the team', async () => {
    const { posts } = setup();
    renderWithProviders(<TeamPageView slug="red-dragons" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Leave team' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Leave Red Dragons?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, leave the team' }));
    await waitFor(() => expect(posts()).toEqual(['/api/v1/teams/red-dragons/leave']));
    expect(await screen.findByText('You left Red Dragons.')).toBeTruthy();
  });

  it('shows the recent match’s date in the viewer’s locale, not as an ISO string', async () => {
    setup();
    renderWithProviders(<TeamPageView slug="red-dragons" />);
    const time = (await screen.findByRole('table')).querySelector('time');
    expect(time?.getAttribute('dateTime')).toBe('2025-03-01T18:05:00.000Z');
    // jsdom speaks en-US; the day depends on the machine's time zone.
    expect(time?.textContent).toMatch(/^Mar [12], 2025$/);
  });
});
