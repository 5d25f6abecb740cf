import type { TeamStats } from '@versus/common/api/team-stats';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/render-with-providers';
import { TeamFigures } from './team-figures';
import { TeamRatingChart } from './team-rating-chart';

const base: TeamStats = {
  team: { slug: 'red-dragons', name: 'Red Dragons' },
  matches: 3,
  wins: 2,
  losses: 1,
  draws: 0,
  roster: [
    {
      userId: 1,
      username: 'ace',
      flag: 'de',
      matches: 3,
      kills: 40,
      deaths: 20,
      kdRatio: 2,
      fpsRating: 3.2,
    },
    {
      userId: 2,
      username: 'new',
      flag: null,
      matches: 0,
      kills: 0,
      deaths: 0,
      kdRatio: null,
      fpsRating: null,
    },
  ],
  maps: [{ mapId: 7, name: 'Crash', played: 2, won: 1, lost: 1, winRate: 50 }],
  opponents: [{ slug: 'northern-wolves', name: 'Northern Wolves' }],
  headToHead: null,
  ratingOverTime: [],
};

describe('the team figures', () => {
  it('shows the record, each member’s figures and the head-to-head picked', async () => {
    const withVs: TeamStats = {
      ...base,
      headToHead: {
        opponent: { slug: 'northern-wolves', name: 'Northern Wolves' },
        matches: 1,
        wins: 1,
        losses: 0,
        draws: 0,
        mapsWon: 2,
        mapsLost: 1,
        recent: [
          { matchId: 9, finishedAt: '2026-01-02T20:00:00Z', teamScore: 2, opponentScore: 1, result: 'win' },
        ],
      },
    };
    const api = fakeApi({
      'GET /api/v1/teams/red-dragons/stats': (request) => ({
        status: 200,
        body: { data: (request.params as { vs?: string }).vs === 'northern-wolves' ? withVs : base },
      }),
    });
    renderWithProviders(<TeamFigures slug="red-dragons" />);
    expect(await screen.findByText('2 W / 1 L / 0 D')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Roster figures for Red Dragons' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent?.trim()));
    expect(rows).toEqual([
      ['ace', '3', '40', '20', '2.00', '3.20'],
      ['new', '0', '0', '0', '-', '-'],
    ]);

    fireEvent.change(screen.getByLabelText('Head-to-head against'), { target: { value: 'northern-wolves' } });
    expect(await screen.findByText('1 W / 0 L / 0 D')).toBeTruthy();
    await waitFor(() =>
      expect(
        api.requests.some(
          (r) => (r.url ?? '').includes('stats') && (r.params as { vs?: string }).vs === 'northern-wolves',
        ),
      ).toBe(true),
    );
  });

  it('draws the team rating over time, its table behind the chart', async () => {
    const withRatings: TeamStats = {
      ...base,
      ratingOverTime: [
        { x: '2026-01-01T20:00:01Z', y: 1012, matchId: 3 },
        { x: '2026-01-02T20:00:01Z', y: 1047, matchId: 4 },
      ],
    };
    fakeApi({ 'GET /api/v1/teams/red-dragons/stats': () => ({ status: 200, body: { data: withRatings } }) });
    renderWithProviders(<TeamRatingChart slug="red-dragons" />);
    const section = await screen.findByRole('region', { name: 'Results over time' });
    // jsdom cannot draw: the chart's table shows, a row per change.
    const table = within(section).getByRole('table', { name: /Team rating after each match/ });
    expect(within(table).getByRole('columnheader', { name: 'Team rating' })).toBeTruthy();
    const values = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent));
    expect(values).toEqual([
      ['1012', '#3'],
      ['1047', '#4'],
    ]);
    expect(within(table).getByRole('link', { name: '#4' }).getAttribute('href')).toBe('/match/4');
  });

  it('says so when no match has moved the rating yet', async () => {
    fakeApi({ 'GET /api/v1/teams/red-dragons/stats': () => ({ status: 200, body: { data: base } }) });
    renderWithProviders(<TeamRatingChart slug="red-dragons" />);
    expect(await screen.findByText('No rated match yet.')).toBeTruthy();
  });
});
