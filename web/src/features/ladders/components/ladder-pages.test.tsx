// The ladder pages as a player lives them: `/ladders`, and a ladder's standings with joining, challenging
// (best of, start, lineup) and a finished season's final table.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { LadderSeasonTable } from '@versus/common/api/ladders';
import type { RosterMember } from '@versus/common/api/teams';
import type { InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it } from 'vitest';
import { makeUser } from '@/testing/factories';
import { fakeApi, type FakeAnswer } from '@/testing/fake-api';
import { installFakeEcho } from '@/testing/fake-echo';
import {
  makeLadderPage,
  makeLadderStanding,
  makeLadderSummary,
  makeTeamLink,
  makeTeamPage,
} from '@/testing/platform-factories';
import { renderApp } from '@/testing/render-app';
import { STATUS } from '@versus/common/match/statuses';

type Routes = Record<string, FakeAnswer | ((request: InternalAxiosRequestConfig) => FakeAnswer)>;

const ok = (data: unknown): FakeAnswer => ({ status: 200, body: { data } });

/** Signed in as Soap, captain of Red Dragons, with a fake realtime connection for the header. */
function signedIn(routes: Routes) {
  installFakeEcho();
  return fakeApi({ 'GET /api/v1/auth/me': ok(makeUser({ username: 'Soap' })), ...routes });
}

const posts = (api: ReturnType<typeof fakeApi>) =>
  api.requests
    .filter((r) => r.method === 'post')
    .map((r) => ({ url: r.url, body: JSON.parse(String(r.data)) as unknown }));

const wolves = makeTeamLink(7, 'Northern Wolves', 'NWV');
const dragons = makeTeamLink(3, 'Red Dragons', 'RD');
const captainOf = { id: 3, name: 'Red Dragons', slug: 'red-dragons' };

/** The ladder as Red Dragons' captain sees it: on the ladder, and free to challenge the Wolves. */
const challengerView = makeLadderPage({
  standings: [
    makeLadderStanding(1, wolves, { rating: 1112.4, wins: 4, losses: 1, canChallenge: true }),
    makeLadderStanding(2, dragons, { rating: 988, wins: 1, losses: 3, draws: 1, isOwnTeam: true }),
  ],
  viewer: { challengerTeams: [captainOf], joinableTeams: [] },
});

const member = (id: number, username: string): RosterMember => ({
  id,
  username,
  formattedUsername: username,
  image: null,
  flag: null,
  elo: 1000,
  isCaptain: id === 1,
  joinedAt: '2025-01-01T10:00:00.000Z',
  canKick: false,
  canMakeCaptain: false,
});

describe('the Ladders page', () => {
  it('lists every ladder with its size, its teams and whether it is open', async () => {
    signedIn({
      'GET /api/v1/ladders': ok([
        makeLadderSummary(),
        makeLadderSummary({
          id: 4,
          name: 'CoD4 2v2 Ladder',
          slug: 'cod4-2v2-ladder',
          description: null,
          teamSize: 2,
          teamsCount: 9,
          isActive: false,
        }),
      ]),
    });
    renderApp('/ladders');
    const first = await screen.findByRole('link', { name: 'CoD4 5v5 Ladder' });
    expect(first.getAttribute('href')).toBe('/ladders/cod4-5v5-ladder');
    const card = first.closest('li')!;
    expect(card.textContent).toContain('Challenge any team, any night.');
    expect(card.textContent).toContain('5v5 · 2 teams · Open');
    const second = screen.getByRole('link', { name: 'CoD4 2v2 Ladder' }).closest('li')!;
    expect(second.textContent).toContain('2v2 · 9 teams · Closed');
  });

  it('says when there is no ladder', async () => {
    signedIn({ 'GET /api/v1/ladders': ok([]) });
    renderApp('/ladders');
    expect(await screen.findByText('There are no ladders yet.')).toBeTruthy();
  });
});

describe('a ladder page', () => {
  it('shows the standings by rating, the viewer’s team marked, and Challenge only where allowed', async () => {
    signedIn({ 'GET /api/v1/ladders/cod4-5v5-ladder': ok(challengerView) });
    renderApp('/ladders/cod4-5v5-ladder');
    expect(await screen.findByRole('heading', { level: 1, name: 'CoD4 5v5 Ladder' })).toBeTruthy();
    expect(screen.getByText('5v5 · Open for challenges')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Standings of CoD4 5v5 Ladder' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent))).toEqual([
      ['1', '[NWV] Northern Wolves', '1112', '4 / 1 / 0', 'Challenge'],
      ['2', '[RD] Red DragonsYour team', '988', '1 / 3 / 1', ''],
    ]);
    expect(within(table).getByRole('link', { name: '[NWV] Northern Wolves' }).getAttribute('href')).toBe(
      '/team/northern-wolves',
    );
    expect(
      within(table)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Challenge Northern Wolves']);
  });

  it('says when the ladder does not exist', async () => {
    signedIn({});
    renderApp('/ladders/nope');
    expect(await screen.findByText('This ladder does not exist.')).toBeTruthy();
  });

  it('puts the captain’s team on the ladder and says so', async () => {
    const api = signedIn({
      'GET /api/v1/ladders/cod4-5v5-ladder': ok(
        makeLadderPage({ viewer: { challengerTeams: [], joinableTeams: [captainOf] } }),
      ),
      'POST /api/v1/ladders/cod4-5v5-ladder/join': {
        status: 201,
        body: { message: 'Red Dragons joined CoD4 5v5 Ladder.', data: { ladderId: 2, teamId: 3 } },
      },
    });
    renderApp('/ladders/cod4-5v5-ladder');
    fireEvent.click(await screen.findByRole('button', { name: 'Join with Red Dragons' }));
    expect(await screen.findByText('Red Dragons joined CoD4 5v5 Ladder.')).toBeTruthy();
    expect(posts(api)).toEqual([{ url: '/api/v1/ladders/cod4-5v5-ladder/join', body: { teamId: 3 } }]);
  });

  it('shows a refused join on the page', async () => {
    signedIn({
      'GET /api/v1/ladders/cod4-5v5-ladder': ok(
        makeLadderPage({ viewer: { challengerTeams: [], joinableTeams: [captainOf] } }),
      ),
      'POST /api/v1/ladders/cod4-5v5-ladder/join': {
        status: 422,
        body: {
          message: 'Red Dragons needs 5 players to join this ladder.',
          errors: { teamId: ['Red Dragons needs 5 players to join this ladder.'] },
        },
      },
    });
    renderApp('/ladders/cod4-5v5-ladder');
    fireEvent.click(await screen.findByRole('button', { name: 'Join with Red Dragons' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Red Dragons needs 5 players to join this ladder.',
    );
  });

  it('sends a challenge with its best of and start, and opens the new match', async () => {
    const api = signedIn({
      'GET /api/v1/ladders/cod4-5v5-ladder': ok(challengerView),
      'GET /api/v1/teams/red-dragons': ok(makeTeamPage()),
      'POST /api/v1/ladders/2/challenges': {
        status: 201,
        body: { data: { id: 51, statusId: STATUS.challenge } },
      },
    });
    const { router } = renderApp('/ladders/cod4-5v5-ladder');
    const toggle = await screen.findByRole('button', { name: 'Challenge Northern Wolves' });
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const form = screen.getByRole('form', { name: 'Challenge Northern Wolves' });
    expect(within(form).getByLabelText<HTMLSelectElement>('Best of').value).toBe('3');
    fireEvent.change(within(form).getByLabelText('Best of'), { target: { value: '5' } });
    fireEvent.change(within(form).getByLabelText('Start time (empty: as soon as accepted)'), {
      target: { value: '2025-06-01T20:30' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Send challenge' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/match/51'));
    expect(posts(api)).toEqual([
      {
        url: '/api/v1/ladders/2/challenges',
        body: { opponentTeamId: 7, bestOf: 5, startDate: new Date('2025-06-01T20:30').toISOString() },
      },
    ]);
  });

  it('asks a captain with more players than the team size for the lineup, and sends it', async () => {
    const roster = ['Soap', 'Ghost', 'Price', 'Gaz', 'Roach', 'Yuri'].map((name, i) => member(i + 1, name));
    const api = signedIn({
      'GET /api/v1/ladders/cod4-5v5-ladder': ok(challengerView),
      'GET /api/v1/teams/red-dragons': ok(makeTeamPage({ roster })),
      'POST /api/v1/ladders/2/challenges': {
        status: 201,
        body: { data: { id: 52, statusId: STATUS.challenge } },
      },
    });
    const { router } = renderApp('/ladders/cod4-5v5-ladder');
    fireEvent.click(await screen.findByRole('button', { name: 'Challenge Northern Wolves' }));
    const form = screen.getByRole('form', { name: 'Challenge Northern Wolves' });
    const lineup = await within(form).findByRole('group', { name: 'Lineup (choose 5)' });
    for (const name of ['Soap', 'Ghost', 'Price', 'Gaz', 'Yuri'])
      fireEvent.click(within(lineup).getByLabelText(name));
    fireEvent.click(within(form).getByRole('button', { name: 'Send challenge' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/match/52'));
    expect(posts(api)[0]?.body).toEqual({
      opponentTeamId: 7,
      bestOf: 3,
      startDate: null,
      lineup: [1, 2, 3, 4, 6],
    });
  });

  it('closes the challenge form on Cancel without sending anything', async () => {
    const api = signedIn({
      'GET /api/v1/ladders/cod4-5v5-ladder': ok(challengerView),
      'GET /api/v1/teams/red-dragons': ok(makeTeamPage()),
    });
    renderApp('/ladders/cod4-5v5-ladder');
    fireEvent.click(await screen.findByRole('button', { name: 'Challenge Northern Wolves' }));
    const form = screen.getByRole('form', { name: 'Challenge Northern Wolves' });
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'Challenge Northern Wolves' })).toBeNull();
    expect(posts(api)).toEqual([]);
  });

  it('opens a finished season’s final table', async () => {
    const table: LadderSeasonTable = {
      season: {
        number: 1,
        name: 'Season 1',
        startsAt: '2025-01-01T00:00:00.000Z',
        endsAt: '2025-03-01T00:00:00.000Z',
        status: 'finished',
      },
      standings: [
        { rank: 1, team: dragons, rating: 1204, wins: 9, losses: 2, draws: 0 },
        { rank: 2, team: wolves, rating: 1010, wins: 5, losses: 6, draws: 1 },
      ],
    };
    signedIn({
      'GET /api/v1/ladders/cod4-5v5-ladder': ok(
        makeLadderPage({
          seasons: [
            table.season,
            {
              number: 2,
              name: 'Season 2',
              startsAt: '2025-03-01T00:00:00.000Z',
              endsAt: null,
              status: 'current',
            },
          ],
        }),
      ),
      'GET /api/v1/ladders/cod4-5v5-ladder/seasons/1': ok(table),
    });
    renderApp('/ladders/cod4-5v5-ladder');
    const seasons = await screen.findByRole('region', { name: 'Seasons' });
    const items = within(seasons).getAllByRole('listitem');
    expect(items[1]?.textContent).toMatch(/^Season 2 .* – open · current$/);
    expect(within(items[1]!).queryByRole('button')).toBeNull();
    fireEvent.click(within(items[0]!).getByRole('button', { name: 'Final table' }));
    const final = await within(seasons).findByRole('table', { name: 'Season 1: final standings' });
    expect(
      within(final)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual(['1Red Dragons12049 / 2 / 0', '2Northern Wolves10105 / 6 / 1']);
    expect(within(items[0]!).getByRole('button', { name: 'Hide table' })).toBeTruthy();
  });
});
