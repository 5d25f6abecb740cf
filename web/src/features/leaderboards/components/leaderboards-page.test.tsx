// The Leaderboards page as a visitor uses it: the three lists as tabs, the filters (written into the address
// and sent to the API), pages, names linking to profiles and teams, and the API's refusal shown.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type {
  FpsLeaderboard,
  LeaderboardOptions,
  RatingLeaderboard,
  TeamLeaderboard,
} from '@versus/common/api/leaderboards';
import type { InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it } from 'vitest';
import { fakeApi, type FakeAnswer } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';

const options: LeaderboardOptions = {
  games: [
    {
      slug: 'cod4',
      name: 'Call of Duty 4',
      competitions: [
        {
          key: 'ladder:euro',
          type: 'ladder',
          name: 'Euro Ladder',
          seasons: [
            { number: 2, name: 'Spring' },
            { number: 1, name: 'Winter' },
          ],
        },
        { key: 'solo-queue:eu', type: 'solo-queue', name: 'EU Queue', seasons: [] },
      ],
    },
  ],
  countries: ['de', 'fr'],
};

const meta = (page: number, lastPage: number, total: number) => ({
  current_page: page,
  last_page: lastPage,
  per_page: 25,
  total,
  from: total ? (page - 1) * 25 + 1 : null,
  to: total ? Math.min(page * 25, total) : null,
});
const links = { first: '/x?page=1', last: '/x?page=2', prev: null, next: null };

type Params = Record<string, string | undefined>;
const paramsOf = (request: InternalAxiosRequestConfig) => request.params as Params;

/** Page 1 has ann and bob; page 2 has cat; `country=fr` keeps bob. */
const rating = (request: InternalAxiosRequestConfig): FakeAnswer => {
  const params = paramsOf(request);
  const rows: RatingLeaderboard['data'] = [
    { rank: 1, userId: 1, username: 'ann', flag: 'de', rating: 1300, provisional: false, matches: 3 },
    { rank: 2, userId: 2, username: 'bob', flag: 'fr', rating: 1250, provisional: true, matches: 4 },
  ];
  if (params.country === 'fr') {
    return { status: 200, body: { data: [{ ...rows[1], rank: 1 }], meta: meta(1, 1, 1), links } };
  }
  if (String(params.page) === '2') {
    const cat = {
      rank: 2,
      userId: 3,
      username: 'cat',
      flag: 'de',
      rating: 1250,
      provisional: false,
      matches: 3,
    };
    return { status: 200, body: { data: [cat], meta: meta(2, 2, 26), links } };
  }
  return { status: 200, body: { data: rows, meta: meta(1, 2, 26), links } };
};

const fps: FpsLeaderboard = {
  data: [
    {
      rank: 1,
      userId: 1,
      username: 'ann',
      flag: 'de',
      fpsRating: 3.12,
      matches: 12,
      rounds: 240,
      kills: 240,
      deaths: 120,
      kdRatio: 2,
    },
  ],
  minMatches: 10,
  meta: meta(1, 1, 1),
  links,
};

const teams = (request: InternalAxiosRequestConfig): FakeAnswer => {
  const closed = String(paramsOf(request).season) === '1';
  const board: TeamLeaderboard = {
    data: [
      {
        rank: 1,
        teamId: 5,
        slug: 'red-dragons',
        name: 'Red Dragons',
        tag: 'RD',
        rating: closed ? 1100 : 1200,
        wins: 6,
        losses: 2,
        draws: 0,
      },
    ],
    ladder: { slug: 'euro', name: 'Euro Ladder' },
    season: closed
      ? { number: 1, name: 'Winter', closed: true }
      : { number: 2, name: 'Spring', closed: false },
    meta: meta(1, 1, 1),
    links,
  };
  return { status: 200, body: board };
};

function world(routes: Record<string, FakeAnswer | ((r: InternalAxiosRequestConfig) => FakeAnswer)> = {}) {
  return fakeApi({
    'GET /api/v1/auth/me': { status: 401, body: { message: 'Unauthenticated.' } },
    'GET /api/v1/leaderboards': { status: 200, body: { data: options } },
    'GET /api/v1/leaderboards/players/rating': rating,
    'GET /api/v1/leaderboards/players/fps': { status: 200, body: fps },
    'GET /api/v1/leaderboards/teams': teams,
    ...routes,
  });
}

const cells = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent?.trim()));

describe('the Leaderboards page', () => {
  it('is in the main navigation and lists players by rating, names linking to profiles, a page at a time', async () => {
    world();
    const { router } = renderApp('/');
    fireEvent.click(await screen.findByRole('link', { name: 'Leaderboards' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Leaderboards' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Player rating' }).getAttribute('aria-selected')).toBe('true');
    const table = await screen.findByRole('table', { name: 'Players by player rating' });
    expect(cells(table)).toEqual([
      ['1', 'ann', '1300', '3'],
      ['2', 'bob', '1250 (provisional)', '4'],
    ]);
    expect(within(table).getByRole('link', { name: 'bob' }).getAttribute('href')).toBe('/user/bob');

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    expect(await screen.findByRole('link', { name: 'cat' })).toBeTruthy();
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
  });

  it('filters by country and competition through the address and the API', async () => {
    const api = world();
    const { router } = renderApp('/leaderboards');
    await screen.findByRole('table', { name: 'Players by player rating' });
    fireEvent.change(await screen.findByLabelText('Country'), { target: { value: 'fr' } });
    await waitFor(() => expect(router.state.location.search).toBe('?country=fr'));
    const table = await screen.findByRole('table', { name: 'Players by player rating' });
    await waitFor(() => expect(cells(table)).toEqual([['1', 'bob', '1250 (provisional)', '4']]));

    fireEvent.change(screen.getByLabelText('Competition'), { target: { value: 'solo-queue:eu' } });
    await waitFor(() =>
      expect(
        api.requests.some(
          (r) =>
            r.url === '/api/v1/leaderboards/players/rating' && paramsOf(r).competition === 'solo-queue:eu',
        ),
      ).toBe(true),
    );
    expect(router.state.location.search).toBe('?country=fr&competition=solo-queue%3Aeu');
  });

  it('switches to the FPS list and to the teams by ladder standing, with a closed season', async () => {
    const api = world();
    const { router } = renderApp('/leaderboards?country=de');
    await screen.findByRole('table', { name: 'Players by player rating' });
    fireEvent.click(screen.getByRole('tab', { name: 'FPS rating' }));
    const fpsTable = await screen.findByRole('table', { name: 'Players by FPS rating' });
    expect(cells(fpsTable)).toEqual([['1', 'ann', '3.12', '12', '2.00']]);
    expect(
      screen.getByText('Players with at least 10 matches with statistics from a game server.'),
    ).toBeTruthy();
    fireEvent.change(screen.getByLabelText('At least'), { target: { value: '3' } });
    await waitFor(() =>
      expect(
        api.requests.some(
          (r) =>
            r.url === '/api/v1/leaderboards/players/fps' &&
            paramsOf(r).minMatches === '3' &&
            paramsOf(r).country === 'de',
        ),
      ).toBe(true),
    );
    expect(router.state.location.search).toContain('minMatches=3');

    fireEvent.click(screen.getByRole('tab', { name: 'Teams' }));
    const teamTable = await screen.findByRole('table', { name: 'Teams by ladder standing' });
    expect(cells(teamTable)).toEqual([['1', '[RD] Red Dragons', '1200', '6', '2', '0']]);
    expect(within(teamTable).getByRole('link').getAttribute('href')).toBe('/team/red-dragons');
    // Teams have no country: the filter is not offered there.
    expect(screen.queryByLabelText('Country')).toBeNull();
    expect(screen.getByText('Euro Ladder · Spring')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Season'), { target: { value: '1' } });
    expect(await screen.findByText('Euro Ladder · Winter (final standings)')).toBeTruthy();
    expect(router.state.location.search).toContain('list=teams');
    expect(router.state.location.search).toContain('competition=ladder%3Aeuro');
  });

  it('shows what the API refuses', async () => {
    world({
      'GET /api/v1/leaderboards/players/rating': {
        status: 422,
        body: {
          message: 'The selected season is invalid.',
          errors: { season: ['The selected season is invalid.'] },
        },
      },
    });
    renderApp('/leaderboards?season=9');
    expect((await screen.findByRole('alert')).textContent).toBe('The selected season is invalid.');
  });
});
