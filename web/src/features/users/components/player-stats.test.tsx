// The profile's statistics sections as a visitor reads them, from the API's answer faked at the HTTP adapter.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PlayerFigures, PlayerStats } from '@versus/common/api/player-stats';
import { fakeApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/render-with-providers';
import { PlayerStatsSections } from './player-stats';

const career: PlayerFigures = {
  matches: 2,
  wins: 1,
  losses: 1,
  draws: 0,
  winRate: 50,
  rounds: 7,
  kills: 4,
  deaths: 3,
  kd: 1.33,
  killsPerRound: 0.57,
  damagePerRound: 57.1,
  headshotRate: 25,
  fpsRating: 2.4,
  plants: 0,
  defuses: 1,
};

const stats: PlayerStats = {
  username: 'player1',
  career,
  recent: { ...career, matches: 1, wins: 0, losses: 1, winRate: 0 },
  form: [
    {
      matchId: 8,
      url: '/match/8',
      type: 'solo-queue',
      date: '2026-01-12T12:00:00.000Z',
      result: 'loss',
      opponentName: 'Team player6',
    },
  ],
  maps: [{ mapName: 'Crash', nameCmd: 'mp_crash', played: 1, wins: 1, winRate: 100, kd: 3, fpsRating: 3.15 }],
  competitions: [
    {
      type: 'ladder',
      competitionId: 1,
      name: '5v5 Ladder',
      played: 1,
      wins: 1,
      winRate: 100,
      kd: 3,
      fpsRating: 3.15,
    },
  ],
  ratings: [
    {
      kind: 'player',
      label: 'player1 (player rating)',
      teamSlug: null,
      current: 988,
      points: [{ x: '2026-01-12T12:00:00.000Z', y: 988, matchId: 8 }],
    },
    {
      kind: 'team',
      label: 'Red Dragons (team rating)',
      teamSlug: 'red-dragons',
      current: 1175,
      points: [{ x: '2026-01-10T12:00:00.000Z', y: 1175, matchId: 7 }],
    },
  ],
};

describe("the profile's statistics", () => {
  it('shows the figures, the form, the tables and each rating with what it is', async () => {
    fakeApi({ 'GET /api/v1/users/player1/stats': { status: 200, body: { data: stats } } });
    renderWithProviders(<PlayerStatsSections username="player1" />);

    const figures = await screen.findByRole('table', { name: 'Career and last 20 matches' });
    const row = (label: string) =>
      within(figures)
        .getAllByRole('row')
        .find((r) => r.textContent?.startsWith(label))?.textContent;
    expect(row('Win rate')).toBe('Win rate50.0 %0.0 %');
    expect(row('Headshot rate')).toBe('Headshot rate25.0 %25.0 %');
    expect(row('FPS rating')).toBe('FPS rating2.402.40');

    const form = screen.getByRole('list', { name: 'Last results, newest first' });
    expect(within(form).getByRole('link').textContent).toBe('L');
    expect(within(form).getByRole('link').getAttribute('aria-label')).toMatch(/^Loss against Team player6, /);
    expect(within(screen.getByRole('table', { name: 'Per map' })).getByText('Crash')).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Per competition' })).getByText('Ladder')).toBeTruthy();

    // jsdom cannot draw: the chart's table shows, one column per rating.
    const ratings = screen.getByRole('region', { name: 'Ratings over time' });
    expect(within(ratings).getByText(/Only solo-queue matches move it/)).toBeTruthy();
    const table = within(ratings).getByRole('table', { name: /Rating after each change/ });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Date', 'player1 (player rating)', 'Red Dragons (team rating)']);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(ratings).getByText(/Red Dragons \(team rating\):/).textContent).toBe(
      'Red Dragons (team rating): 1175 now',
    );
  });
});
