// The tournament pages as a player lives them: `/tournaments`, and a tournament's details, entry list,
// sign-up, check-in and withdrawal for captains, and the bracket as it fills (live).
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TournamentPage } from '@versus/common/api/tournaments';
import type { InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it } from 'vitest';
import { makeUser } from '@/testing/factories';
import { fakeApi, type FakeAnswer } from '@/testing/fake-api';
import { installFakeEcho } from '@/testing/fake-echo';
import {
  makeBracketMatch,
  makeBracketTeam,
  makeTournamentPage,
  makeTournamentSummary,
} from '@/testing/platform-factories';
import { renderApp } from '@/testing/render-app';

type Routes = Record<string, FakeAnswer | ((request: InternalAxiosRequestConfig) => FakeAnswer)>;

const ok = (data: unknown): FakeAnswer => ({ status: 200, body: { data } });

/** Signed in as Soap, captain of Red Dragons; returns the fake realtime connection too. */
function signedIn(routes: Routes) {
  const echo = installFakeEcho();
  const api = fakeApi({ 'GET /api/v1/auth/me': ok(makeUser({ username: 'Soap' })), ...routes });
  return { api, echo };
}

const posts = (api: ReturnType<typeof fakeApi>) =>
  api.requests
    .filter((r) => r.method === 'post')
    .map((r) => ({ url: r.url, body: JSON.parse(String(r.data)) as unknown }));

const dragons = { id: 3, name: 'Red Dragons', slug: 'red-dragons' };
const PAGE = 'GET /api/v1/tournaments/spring-cup';

describe('the Tournaments page', () => {
  it('lists each tournament with its size, start and sign-up or state', async () => {
    signedIn({
      'GET /api/v1/tournaments': ok([
        makeTournamentSummary({ description: 'Sixteen teams, one night.' }),
        makeTournamentSummary({
          id: 8,
          name: 'Winter Open',
          slug: 'winter-open',
          description: null,
          maxTeams: null,
          teamsCount: 12,
          status: 'running',
          signupOpen: false,
        }),
      ]),
    });
    renderApp('/tournaments');
    const cup = await screen.findByRole('link', { name: 'Spring Cup' });
    expect(cup.getAttribute('href')).toBe('/tournaments/spring-cup');
    const card = cup.closest('li')!;
    expect(card.textContent).toContain('Sixteen teams, one night.');
    expect(card.textContent).toMatch(/^Spring Cup.*5v5 · 2 \/ 16 teams · starts .+ · sign-up open until .+$/);
    expect([...card.querySelectorAll('time')].map((t) => t.getAttribute('dateTime'))).toEqual([
      '2025-04-05T18:00:00.000Z',
      '2025-04-05T18:00:00.000Z',
    ]);
    const open = screen.getByRole('link', { name: 'Winter Open' }).closest('li')!;
    expect(open.textContent).toMatch(/5v5 · 12 teams · starts .+ · status: running$/);
  });

  it('says when there is no tournament', async () => {
    signedIn({ 'GET /api/v1/tournaments': ok([]) });
    renderApp('/tournaments');
    expect(await screen.findByText('There are no tournaments yet.')).toBeTruthy();
  });
});

describe('a tournament page', () => {
  it('shows the details, the teams signed up, and that the bracket is drawn at the start', async () => {
    signedIn({
      [PAGE]: ok(
        makeTournamentPage({
          checkInMinutes: 15,
          teams: makeTournamentPage().teams.map((e, i) => ({
            ...e,
            seed: i === 0 ? 1 : null,
            checkedIn: i === 0,
          })),
        }),
      ),
    });
    renderApp('/tournaments/spring-cup');
    expect(await screen.findByRole('heading', { level: 1, name: 'Spring Cup' })).toBeTruthy();
    const details = screen.getByText(/^Single elimination · 5v5/);
    expect(details.textContent).toMatch(
      /^Single elimination · 5v5 · best of 1 \(final: best of 3\) · starts .+ · sign-up until .+ · status: upcoming · check-in 15 minutes before the start$/,
    );
    const teams = screen.getByRole('region', { name: 'Teams (2 / 16)' });
    expect(
      within(teams)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['[RED] Red Dragons seed 1 · checked in', '[NOR] Northern Wolves · not checked in']);
    expect(within(teams).getByRole('link', { name: '[RED] Red Dragons' }).getAttribute('href')).toBe(
      '/team/red-dragons',
    );
    expect(screen.getByText('The bracket is drawn when the tournament starts.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^(Sign up|Withdraw|Check in) / })).toBeNull();
  });

  it('says when the tournament does not exist', async () => {
    signedIn({});
    renderApp('/tournaments/nope');
    expect(await screen.findByText('This tournament does not exist.')).toBeTruthy();
  });

  it('signs the captain’s team up, says so, and the entry list and buttons follow', async () => {
    let signedUp = false;
    const page = (): TournamentPage => {
      const base = makeTournamentPage();
      return signedUp
        ? { ...base, viewer: { signupTeams: [], withdrawTeams: [dragons], checkInTeams: [] } }
        : {
            ...base,
            teams: base.teams.slice(1),
            viewer: { signupTeams: [dragons], withdrawTeams: [], checkInTeams: [] },
          };
    };
    const { api } = signedIn({
      [PAGE]: () => ok(page()),
      'POST /api/v1/tournaments/spring-cup/signup': () => {
        signedUp = true;
        return {
          status: 201,
          body: { message: 'Red Dragons signed up for Spring Cup.', data: { teamId: 3 } },
        };
      },
    });
    renderApp('/tournaments/spring-cup');
    expect(await screen.findByRole('region', { name: 'Teams (1 / 16)' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sign up Red Dragons' }));
    expect(await screen.findByText('Red Dragons signed up for Spring Cup.')).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'Teams (2 / 16)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Withdraw Red Dragons' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign up Red Dragons' })).toBeNull();
    expect(posts(api)).toEqual([{ url: '/api/v1/tournaments/spring-cup/signup', body: { teamId: 3 } }]);
  });

  it('checks a team in while the check-in is open', async () => {
    const { api } = signedIn({
      [PAGE]: ok(
        makeTournamentPage({
          checkInMinutes: 15,
          checkInOpen: true,
          viewer: { signupTeams: [], withdrawTeams: [dragons], checkInTeams: [dragons] },
        }),
      ),
      'POST /api/v1/tournaments/spring-cup/check-in': {
        status: 200,
        body: { message: 'Red Dragons is checked in.', data: { teamId: 3 } },
      },
    });
    renderApp('/tournaments/spring-cup');
    expect(await screen.findByText(/check-in 15 minutes before the start \(open now\)$/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Check in Red Dragons' }));
    expect(await screen.findByText('Red Dragons is checked in.')).toBeTruthy();
    expect(posts(api)).toEqual([{ url: '/api/v1/tournaments/spring-cup/check-in', body: { teamId: 3 } }]);
  });

  it('shows a refused withdrawal under the buttons, not as a toast', async () => {
    signedIn({
      [PAGE]: ok(
        makeTournamentPage({ viewer: { signupTeams: [], withdrawTeams: [dragons], checkInTeams: [] } }),
      ),
      'POST /api/v1/tournaments/spring-cup/withdraw': {
        status: 409,
        body: { message: 'The sign-up deadline has passed: Red Dragons can no longer withdraw.' },
      },
    });
    renderApp('/tournaments/spring-cup');
    fireEvent.click(await screen.findByRole('button', { name: 'Withdraw Red Dragons' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('The sign-up deadline has passed: Red Dragons can no longer withdraw.');
    expect(alert.closest('.Toastify__toast')).toBeNull();
  });

  it('draws the bracket round by round: scores, winners in words, byes, walkovers and links', async () => {
    const wolves = makeBracketTeam(7, 'Northern Wolves');
    const owls = makeBracketTeam(9, 'Silent Owls');
    signedIn({
      [PAGE]: ok(
        makeTournamentPage({
          status: 'finished',
          winner: wolves,
          bracket: {
            format: 'single_elimination',
            stages: [
              {
                name: 'Playoffs',
                type: 'single_elimination',
                groups: [
                  {
                    name: 'Bracket',
                    standings: null,
                    rounds: [
                      {
                        name: 'Semi-finals',
                        matches: [
                          makeBracketMatch({ winnerSide: 2, challengerScore: 0, opponentScore: 2 }),
                          makeBracketMatch({
                            id: null,
                            url: null,
                            statusName: 'Bye',
                            challengerTeam: owls,
                            opponentTeam: null,
                            challengerScore: null,
                            opponentScore: null,
                            winnerSide: null,
                            bye: true,
                          }),
                        ],
                      },
                      {
                        name: 'Final',
                        matches: [
                          makeBracketMatch({
                            id: 53,
                            url: '/match/53',
                            challengerTeam: wolves,
                            opponentTeam: owls,
                            challengerScore: null,
                            opponentScore: null,
                            statusName: 'Finished',
                            forfeit: true,
                          }),
                        ],
                      },
                    ],
                  },
                ],
              },
            ],
          },
        }),
      ),
    });
    renderApp('/tournaments/spring-cup');
    expect((await screen.findByText('Winner:')).textContent).toBe('Winner: Northern Wolves');
    const rounds = screen.getByRole('list', { name: 'Bracket rounds' });
    const semis = within(rounds).getByRole('listitem', { name: 'Semi-finals' });
    const [played, bye] = within(semis).getAllByRole('listitem');
    expect(played?.textContent).toBe('Red Dragons0Northern Wolves2 (winner) ✓Match #50 · Finished');
    expect(within(played!).getByRole('link', { name: 'Match #50 · Finished' }).getAttribute('href')).toBe(
      '/match/50',
    );
    expect(bye?.textContent).toBe('Silent OwlsByeBye');
    const final = within(rounds).getByRole('listitem', { name: 'Final' });
    expect(within(final).getByRole('link', { name: 'Match #53 · Finished (walkover)' })).toBeTruthy();
  });

  it('shows a Swiss stage’s table with the Buchholz tie-break', async () => {
    signedIn({
      [PAGE]: ok(
        makeTournamentPage({
          status: 'running',
          format: 'swiss',
          bracket: {
            format: 'swiss',
            stages: [
              {
                name: 'Swiss',
                type: 'swiss',
                groups: [
                  {
                    name: 'Swiss',
                    rounds: [{ name: 'Round 1', matches: [makeBracketMatch()] }],
                    standings: [
                      {
                        rank: 1,
                        team: makeBracketTeam(3, 'Red Dragons'),
                        played: 1,
                        wins: 1,
                        draws: 0,
                        losses: 0,
                        points: 3,
                        buchholz: 0,
                      },
                      {
                        rank: 2,
                        team: makeBracketTeam(7, 'Northern Wolves'),
                        played: 1,
                        wins: 0,
                        draws: 0,
                        losses: 1,
                        points: 0,
                        buchholz: 1,
                      },
                    ],
                  },
                ],
              },
            ],
          },
        }),
      ),
    });
    renderApp('/tournaments/spring-cup');
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['#', 'Team', 'P', 'W', 'D', 'L', 'Pts', 'Bh']);
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent)),
    ).toEqual([
      ['1', 'Red Dragons', '1', '1', '0', '0', '3', '0'],
      ['2', 'Northern Wolves', '1', '0', '0', '1', '0', '1'],
    ]);
  });

  it('fills the bracket live when the tournament’s channel says it changed', async () => {
    let drawn = false;
    const { echo } = signedIn({
      [PAGE]: () =>
        ok(
          makeTournamentPage(
            drawn
              ? {
                  status: 'running',
                  bracket: {
                    format: 'single_elimination',
                    stages: [
                      {
                        name: 'Playoffs',
                        type: 'single_elimination',
                        groups: [
                          {
                            name: 'Bracket',
                            standings: null,
                            rounds: [{ name: 'Final', matches: [makeBracketMatch({ winnerSide: null })] }],
                          },
                        ],
                      },
                    ],
                  },
                }
              : {},
          ),
        ),
    });
    renderApp('/tournaments/spring-cup');
    expect(await screen.findByText('The bracket is drawn when the tournament starts.')).toBeTruthy();
    await waitFor(() => expect(echo.channels.has('tournament.7')).toBe(true));
    const channel = echo.channel('tournament.7');
    act(() => channel.succeed());
    drawn = true;
    act(() => channel.emit('OnTournamentUpdate', { tournamentId: 7 }));
    expect(await screen.findByRole('link', { name: 'Match #50 · Finished' })).toBeTruthy();
    expect(screen.getByText(/status: running/)).toBeTruthy();
  });
});
