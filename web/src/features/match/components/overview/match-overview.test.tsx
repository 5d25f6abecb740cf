import type { MatchStatisticsView, PlayerStatsView } from '@versus/common/stats/statistics';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/render-with-providers';
import { MatchOverview } from './match-overview';

const stats = (fps: number | null, kd: number | null): PlayerStatsView => ({
  fps_rating: fps,
  kd_ratio: kd,
  total_score: 100,
  total_kills: 10,
  total_deaths: 8,
  total_assists: 2,
  total_damage_done: 1200,
  total_plants: 1,
  total_defuses: null,
});

function statistics(gameSlug = 'cod4'): MatchStatisticsView {
  return {
    gameSlug,
    mapsPlayed: [
      { id: 7, name: 'Crash', image: '/images/maps/mp_crash.svg', firstScore: 13, secondScore: 9 },
    ],
    teams: {
      firstTeam: {
        name: 'Red Dragons',
        fullScore: 1,
        players: [
          { userId: 1, username: 'low', flag: 'de', inGameName: null, stats: stats(0.9, 0.7), maps: {} },
          {
            userId: 2,
            username: 'top',
            flag: null,
            inGameName: null,
            stats: stats(3.6, 1.7),
            maps: { '7': stats(2.5, 1) },
          },
        ],
      },
      secondTeam: { name: 'Northern Wolves', fullScore: 0, players: [] },
    },
  };
}

describe('the Match Overview', () => {
  it('shows results, the map strip with the total first, sorted rows and the colour bands', async () => {
    fakeApi({ 'GET /api/v1/match-detail/statistics/42': { status: 200, body: { data: statistics() } } });
    renderWithProviders(<MatchOverview matchId={42} signedIn />);
    fireEvent.click(await screen.findByRole('button', { name: 'Match Overview' }));
    const dialog = screen.getByRole('dialog', { name: 'Match Overview' });
    expect(await within(dialog).findByRole('tab', { name: 'Scoreboard' })).toBeTruthy();
    const results = [...dialog.querySelectorAll<HTMLElement>('.overview-team strong')];
    expect(results.map((r) => [r.textContent, r.dataset.colour])).toEqual([
      ['1', 'green'],
      ['0', 'red'],
    ]);
    const strip = within(dialog).getAllByRole('button', { pressed: true });
    expect(strip[0]?.textContent).toContain('Total');

    const table = within(dialog).getByRole('table', { name: 'Red Dragons' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'Username',
      'FPS Rating',
      'K/D',
      'Score',
      'Kills',
      'Deaths',
      'Assists',
      'Damage',
      'Plants',
      'Defuses',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('link').textContent)).toEqual(['top', 'low']);
    expect(within(rows[0]!).getByText('3.60').dataset.colour).toBe('blue');
    expect(within(rows[0]!).getByText('1.70').dataset.colour).toBe('blue');
    expect(within(rows[1]!).getByText('0.90').dataset.colour).toBe('red');
    expect(within(rows[1]!).getByText('0.70').dataset.colour).toBe('red');
    expect(within(rows[1]!).getAllByText('-')).toHaveLength(1);

    fireEvent.click(within(dialog).getByRole('button', { name: /Crash/ }));
    const perMap = within(within(dialog).getByRole('table', { name: 'Red Dragons' }))
      .getAllByRole('row')
      .slice(1);
    expect(within(perMap[0]!).getByText('2.50').dataset.colour).toBe('yellow');
    expect(within(perMap[1]!).getAllByText('-')).toHaveLength(9);
  });

  it('hides FPS Rating and Damage for other games; the button shows once team data exists', async () => {
    fakeApi({
      'GET /api/v1/match-detail/statistics/42': { status: 200, body: { data: statistics('cod2') } },
    });
    const view = renderWithProviders(<MatchOverview matchId={42} signedIn />);
    fireEvent.click(await screen.findByRole('button', { name: 'Match Overview' }));
    expect(screen.queryByRole('columnheader', { name: 'FPS Rating' })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Damage' })).toBeNull();
    view.unmount();

    // Players listed but no map played yet (a match in progress): team data exists, so the button shows.
    const unplayed = statistics();
    unplayed.mapsPlayed = [];
    fakeApi({ 'GET /api/v1/match-detail/statistics/42': { status: 200, body: { data: unplayed } } });
    const second = renderWithProviders(<MatchOverview matchId={42} signedIn />);
    fireEvent.click(await screen.findByRole('button', { name: 'Match Overview' }));
    const dialog = screen.getByRole('dialog', { name: 'Match Overview' });
    expect(await within(dialog).findByRole('table', { name: 'Red Dragons' })).toBeTruthy();
    second.unmount();

    // No player on either side: no team data, no button.
    const empty = statistics();
    empty.mapsPlayed = [];
    empty.teams.firstTeam.players = [];
    const { requests } = fakeApi({
      'GET /api/v1/match-detail/statistics/42': { status: 200, body: { data: empty } },
    });
    renderWithProviders(<MatchOverview matchId={42} signedIn />);
    await waitFor(() => expect(requests).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(screen.queryByRole('button', { name: 'Match Overview' })).toBeNull();
  });
});

describe('the Match Overview rounds', () => {
  it('lists each round with its winner, ending, score and kills, and a restore', async () => {
    fakeApi({
      'GET /api/v1/match-detail/statistics/42': { status: 200, body: { data: statistics() } },
      'GET /api/v1/match-detail/rounds/42': {
        status: 200,
        body: {
          data: {
            teamNames: { first: 'Red Dragons', second: 'Northern Wolves' },
            maps: [
              {
                id: 7,
                name: 'Crash',
                players: [
                  { userId: 2, username: 'top', side: 1 },
                  { userId: 3, username: 'wolf', side: 2 },
                ],
                rounds: [
                  {
                    round: 1,
                    winner: 'first',
                    ending: 'elimination',
                    firstScore: 1,
                    secondScore: 0,
                    kills: [2, 1],
                  },
                  {
                    round: 2,
                    winner: 'second',
                    ending: 'bomb',
                    firstScore: 1,
                    secondScore: 1,
                    kills: [0, 0],
                  },
                ],
                restores: [
                  {
                    reason: 'crash',
                    afterRound: 1,
                    firstScore: 1,
                    secondScore: 0,
                    at: '2026-01-02T10:00:00Z',
                  },
                ],
              },
            ],
          },
        },
      },
    });
    renderWithProviders(<MatchOverview matchId={42} signedIn />);
    fireEvent.click(await screen.findByRole('button', { name: 'Match Overview' }));
    const dialog = screen.getByRole('dialog', { name: 'Match Overview' });
    fireEvent.click(await within(dialog).findByRole('tab', { name: 'Rounds' }));
    const table = await within(dialog).findByRole('table', { name: 'Crash' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));
    expect(rows).toEqual([
      ['1', 'Red Dragons', 'Elimination', '1 : 0', 'top 2, wolf 1'],
      ['2', 'Northern Wolves', 'Bomb exploded', '1 : 1', '-'],
    ]);
    expect(within(dialog).getByText('Restored at 1 : 0 after round 1 (server crash).')).toBeTruthy();
  });
});
