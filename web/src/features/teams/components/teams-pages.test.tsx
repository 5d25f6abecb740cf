// The teams pages as a player lives them: `/teams` (their teams, their invitations, every team with a
// search), `/teams/new`, and a team page's invitations (the captain's invite and withdraw, the invited
// player's answer) and map preferences.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TeamList } from '@versus/common/api/teams';
import type { UserProfile } from '@versus/common/api/users';
import type { InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it } from 'vitest';
import { makeUser } from '@/testing/factories';
import { fakeApi, type FakeAnswer } from '@/testing/fake-api';
import { installFakeEcho } from '@/testing/fake-echo';
import { makeInvitation, makeTeamLink, makeTeamListItem, makeTeamPage } from '@/testing/platform-factories';
import { renderApp } from '@/testing/render-app';

type Routes = Record<string, FakeAnswer | ((request: InternalAxiosRequestConfig) => FakeAnswer)>;

const ok = (data: unknown): FakeAnswer => ({ status: 200, body: { data } });

/** Signed in as Soap, with a fake realtime connection for the header. */
function signedIn(routes: Routes) {
  installFakeEcho();
  return fakeApi({ 'GET /api/v1/auth/me': ok(makeUser({ username: 'Soap' })), ...routes });
}

const posts = (api: ReturnType<typeof fakeApi>) =>
  api.requests
    .filter((r) => r.method === 'post')
    .map((r) => ({
      url: r.url,
      body: r.data === undefined ? undefined : (JSON.parse(String(r.data)) as unknown),
    }));

const profile: UserProfile = {
  id: 1,
  username: 'Soap',
  formattedUsername: '<span>Soap</span>',
  formattedClassName: null,
  image: null,
  flag: null,
  config: null,
  rating: 1000,
  ratingProvisional: false,
  ratingHistory: [],
  teams: [{ ...makeTeamLink(3, 'Red Dragons', 'RD'), rating: 987.6, isCaptain: true }],
  recentMatches: [],
  memberSince: '2025-01-01T10:00:00.000Z',
  ban: null,
};

function teamList(items: TeamList['data']): TeamList {
  return {
    data: items,
    meta: { current_page: 1, last_page: 1, per_page: 20, total: items.length, from: 1, to: items.length },
    links: { first: '/api/v1/teams?page=1', last: '/api/v1/teams?page=1', prev: null, next: null },
  };
}

/** `GET /api/v1/teams`: Red Dragons (the viewer's) and Northern Wolves; a search keeps those it matches. */
const allTeams = (request: InternalAxiosRequestConfig): FakeAnswer => {
  const search = (request.params as { search?: string }).search?.toLowerCase() ?? '';
  const items = [
    makeTeamListItem(3, 'Red Dragons', { tag: 'RD', rating: 988, isMember: true, isCaptain: true }),
    makeTeamListItem(7, 'Northern Wolves', { tag: 'NWV', rating: 1112, members: 1 }),
  ].filter((t) => t.name.toLowerCase().includes(search) || t.tag.toLowerCase().includes(search));
  return { status: 200, body: teamList(items) };
};

const teamsPage = (routes: Routes = {}) =>
  signedIn({
    'GET /api/v1/users/Soap': ok(profile),
    'GET /api/v1/team-invitations': ok([makeInvitation(4, makeTeamLink(7, 'Northern Wolves', 'NWV'))]),
    'GET /api/v1/teams': allTeams,
    ...routes,
  });

describe('the Teams page', () => {
  it('shows the player’s teams, their invitations and every team, theirs marked', async () => {
    teamsPage();
    renderApp('/teams');
    expect(await screen.findByRole('heading', { level: 1, name: 'Teams' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create a team' }).getAttribute('href')).toBe('/teams/new');

    const mine = screen.getByRole('region', { name: 'Your teams' });
    const own = await within(mine).findByRole('link', { name: '[RD] Red Dragons' });
    expect(own.getAttribute('href')).toBe('/team/red-dragons');
    expect(own.closest('li')?.textContent).toContain('rating 988');
    expect(own.closest('li')?.textContent).toContain('Captain');

    const invitations = await screen.findByRole('list', { name: 'Team invitations' });
    expect(within(invitations).getByRole('listitem').textContent).toContain(
      '[NWV] Northern Wolves invited by Soap',
    );

    const all = await screen.findByRole('list', { name: 'All teams' });
    const rows = within(all).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      '[RD] Red Dragonsrating 988 · 5 membersCaptain',
      '[NWV] Northern Wolvesrating 1112 · 1 member',
    ]);
  });

  it('searches the teams by name or tag, and says when none matches', async () => {
    const api = teamsPage();
    renderApp('/teams');
    await screen.findByRole('list', { name: 'All teams' });
    fireEvent.change(screen.getByLabelText('Search teams'), { target: { value: 'nwv' } });
    const all = () => within(screen.getByRole('list', { name: 'All teams' }));
    await waitFor(() => expect(all().getAllByRole('listitem')).toHaveLength(1));
    expect(all().getByRole('link', { name: '[NWV] Northern Wolves' })).toBeTruthy();
    const searched = api.requests.filter((r) => r.url === '/api/v1/teams').at(-1);
    expect(searched?.params).toEqual({ page: 1, search: 'nwv' });

    fireEvent.change(screen.getByLabelText('Search teams'), { target: { value: 'ghosts' } });
    expect(await screen.findByText('No team matches “ghosts”.')).toBeTruthy();
  });

  it('accepts an invitation and opens the team', async () => {
    const api = teamsPage({
      'POST /api/v1/team-invitations/4/accept': {
        status: 200,
        body: {
          message: 'You joined Northern Wolves.',
          data: { team: { id: 7, slug: 'northern-wolves', url: '/team/northern-wolves' } },
        },
      },
      'GET /api/v1/teams/northern-wolves': ok(
        makeTeamPage({ name: 'Northern Wolves', slug: 'northern-wolves' }),
      ),
    });
    const { router } = renderApp('/teams');
    fireEvent.click(await screen.findByRole('button', { name: 'Accept invitation to Northern Wolves' }));
    expect(await screen.findByText('You joined Northern Wolves.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/team/northern-wolves'));
    expect(posts(api)).toEqual([{ url: '/api/v1/team-invitations/4/accept', body: undefined }]);
  });

  it('shows a refused decline as a toast and stays on the page', async () => {
    teamsPage({
      'POST /api/v1/team-invitations/4/decline': {
        status: 409,
        body: { message: 'This invitation was withdrawn.' },
      },
    });
    const { router } = renderApp('/teams');
    fireEvent.click(await screen.findByRole('button', { name: 'Decline invitation to Northern Wolves' }));
    const toast = await screen.findByText('This invitation was withdrawn.');
    expect(toast.closest('.Toastify__toast')).not.toBeNull();
    expect(router.state.location.pathname).toBe('/teams');
  });
});

describe('the Create a team page', () => {
  it('creates the team and opens its page', async () => {
    const api = signedIn({
      'POST /api/v1/teams': {
        status: 201,
        body: {
          message: 'Team created.',
          data: { id: 12, slug: 'silent-owls', url: '/team/silent-owls' },
        },
      },
      'GET /api/v1/teams/silent-owls': ok(makeTeamPage({ id: 12, name: 'Silent Owls', tag: 'OWL' })),
    });
    const { router } = renderApp('/teams/new');
    expect(await screen.findByRole('heading', { level: 1, name: 'Create a team' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Team name'), { target: { value: ' Silent Owls ' } });
    fireEvent.change(screen.getByLabelText('Tag'), { target: { value: 'OWL' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create team' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/team/silent-owls'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Silent Owls [OWL]' })).toBeTruthy();
    expect(posts(api)).toEqual([{ url: '/api/v1/teams', body: { name: 'Silent Owls', tag: 'OWL' } }]);
  });

  it('sends a signed-out visitor to the sign-in page', async () => {
    fakeApi({ 'GET /api/v1/auth/me': { status: 401, body: { message: 'Unauthenticated.' } } });
    const { router } = renderApp('/teams/new');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});

describe('a team page’s invitations', () => {
  const captainView = makeTeamPage({
    viewer: { isMember: true, isCaptain: true, canInvite: true, canLeave: true, invitation: null },
    pendingInvitations: [
      { id: 8, userId: 5, username: 'Ghost', invitedAt: '2025-03-01T10:00:00.000Z', canWithdraw: true },
    ],
  });

  it('the captain invites a player by username and is told it worked', async () => {
    const api = signedIn({
      'GET /api/v1/teams/red-dragons': ok(captainView),
      'POST /api/v1/teams/red-dragons/invitations': {
        status: 201,
        body: { message: 'Price was invited.', data: {} },
      },
    });
    renderApp('/team/red-dragons');
    const username = await screen.findByLabelText<HTMLInputElement>('Invite a player by username');
    fireEvent.change(username, { target: { value: ' Price ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText('Price was invited.')).toBeTruthy();
    expect(username.value).toBe('');
    expect(posts(api)).toEqual([
      { url: '/api/v1/teams/red-dragons/invitations', body: { username: 'Price' } },
    ]);
  });

  it('the captain withdraws a pending invitation; a refusal shows under the list', async () => {
    const answers: FakeAnswer[] = [
      { status: 200, body: { message: 'The invitation of Ghost was withdrawn.' } },
      { status: 409, body: { message: 'Ghost already answered the invitation.' } },
    ];
    const api = signedIn({
      'GET /api/v1/teams/red-dragons': ok(captainView),
      'POST /api/v1/team-invitations/8/withdraw': () => answers.shift() ?? { status: 500 },
    });
    renderApp('/team/red-dragons');
    const pending = await screen.findByRole('list', { name: 'Pending invitations' });
    expect(within(pending).getByRole('link', { name: 'Ghost' }).getAttribute('href')).toBe('/user/Ghost');
    const withdraw = within(pending).getByRole('button', { name: 'Withdraw the invitation of Ghost' });
    fireEvent.click(withdraw);
    expect(await screen.findByText('The invitation of Ghost was withdrawn.')).toBeTruthy();
    expect(posts(api).map((p) => p.url)).toEqual(['/api/v1/team-invitations/8/withdraw']);

    await waitFor(() => expect(withdraw).toHaveProperty('disabled', false));
    fireEvent.click(withdraw);
    const alert = await within(pending.parentElement!).findByRole('alert');
    expect(alert.textContent).toBe('Ghost already answered the invitation.');
  });

  it('the invited player sees the invitation on the team page and accepts it there', async () => {
    const api = signedIn({
      'GET /api/v1/teams/red-dragons': ok(
        makeTeamPage({
          viewer: {
            isMember: false,
            isCaptain: false,
            canInvite: false,
            canLeave: false,
            invitation: { id: 4, invitedBy: 'Soap' },
          },
        }),
      ),
      'POST /api/v1/team-invitations/4/accept': {
        status: 200,
        body: {
          message: 'You joined Red Dragons.',
          data: { team: { id: 3, slug: 'red-dragons', url: '/team/red-dragons' } },
        },
      },
    });
    renderApp('/team/red-dragons');
    const banner = await screen.findByRole('region', { name: 'Your invitation' });
    expect(banner.textContent).toContain('You are invited to join Red Dragons by Soap.');
    fireEvent.click(within(banner).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('You joined Red Dragons.')).toBeTruthy();
    expect(posts(api).map((p) => p.url)).toEqual(['/api/v1/team-invitations/4/accept']);
  });

  it('the invited player reads a refused answer in the banner', async () => {
    signedIn({
      'GET /api/v1/teams/red-dragons': ok(
        makeTeamPage({
          viewer: {
            isMember: false,
            isCaptain: false,
            canInvite: false,
            canLeave: false,
            invitation: { id: 4, invitedBy: null },
          },
        }),
      ),
      'POST /api/v1/team-invitations/4/decline': {
        status: 403,
        body: { message: 'This invitation is not yours.' },
      },
    });
    renderApp('/team/red-dragons');
    const banner = await screen.findByRole('region', { name: 'Your invitation' });
    fireEvent.click(within(banner).getByRole('button', { name: 'Decline' }));
    expect((await within(banner).findByRole('alert')).textContent).toBe('This invitation is not yours.');
  });
});

describe('a team page’s map preferences', () => {
  it('the captain orders bans and picks and saves them for the pool', async () => {
    const api = signedIn({
      'GET /api/v1/teams/red-dragons': ok(makeTeamPage()),
      'GET /api/v1/teams/red-dragons/map-preferences': ok({
        canEdit: true,
        pools: [
          {
            mapPoolId: 3,
            name: 'Promod',
            competitions: ['5v5 Ladder', 'Spring Cup'],
            maps: [
              { id: 1, name: 'Crash', nameCmd: 'mp_crash' },
              { id: 2, name: 'Strike', nameCmd: 'mp_strike' },
            ],
            ban: [1],
            pick: [],
          },
        ],
      }),
      'PUT /api/v1/teams/red-dragons/map-preferences/3': {
        status: 200,
        body: { message: 'The map preferences were saved.' },
      },
    });
    renderApp('/team/red-dragons');
    const group = await screen.findByRole('group', { name: 'Map preferences for Promod' });
    expect(group.textContent).toContain('Promod (5v5 Ladder, Spring Cup)');
    expect(group.textContent).toContain('Ban first: Crash');
    expect(group.textContent).toContain('Pick first: none (the system draws)');

    fireEvent.click(within(group).getByRole('button', { name: 'Ban Strike' }));
    fireEvent.click(within(group).getByRole('button', { name: 'Pick Crash' }));
    expect(group.textContent).toContain('Ban first: Strike');
    expect(group.textContent).toContain('Pick first: Crash');
    fireEvent.click(within(group).getByRole('button', { name: 'Save map preferences' }));
    expect(await screen.findByText('The map preferences were saved.')).toBeTruthy();
    const put = api.requests.find((r) => r.method === 'put');
    expect(put?.url).toBe('/api/v1/teams/red-dragons/map-preferences/3');
    expect(JSON.parse(String(put?.data))).toEqual({ ban: [2], pick: [1] });
  });
});
