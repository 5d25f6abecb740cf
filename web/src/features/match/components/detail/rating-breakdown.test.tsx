import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MatchRatings } from '@versus/common/api/ratings';
import { fakeApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/render-with-providers';
import { RatingBreakdown } from './rating-breakdown';

const model: MatchRatings['model'] = {
  name: 'openskill Weng-Lin (Plackett-Luce)',
  mu: 25,
  sigma: 25 / 3,
  beta: 25 / 6,
  tau: 25 / 300,
  z: 3,
  pointsPerMu: 24,
  provisionalSigma: 7.5,
  ratingStart: 1000,
};

const names = { challenger: 'Team player1', opponent: 'Team player2' };

describe('RatingBreakdown', () => {
  it('before the result: both chances and each player’s current belief', async () => {
    fakeApi({
      'GET /api/v1/match-detail/ratings/7': {
        status: 200,
        body: {
          data: {
            matchId: 7,
            rated: false,
            outcome: null,
            winProbability: { challenger: 0.62, opponent: 0.38 },
            model,
            entries: [
              {
                subject: 'player',
                side: 'opponent',
                userId: 2,
                teamId: null,
                name: 'player2',
                before: { mu: 25, sigma: 25 / 3, rating: 1000, provisional: true },
                after: null,
                delta: null,
              },
            ],
          } satisfies MatchRatings,
        },
      },
    });
    renderWithProviders(
      <RatingBreakdown matchId={7} winProbability={{ challenger: 0.62, opponent: 0.38 }} names={names} />,
    );
    expect(
      screen.getByRole('img', { name: 'Win probability: Team player1 62%, Team player2 38%' }),
    ).toBeTruthy();
    const row = await screen.findByRole('row', { name: /player2/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1000provisionalμ 25.00 σ 8.33', '38%']);
    expect(screen.queryByRole('columnheader', { name: 'Change' })).toBeNull();
  });

  it('after the result: the outcome, the belief after it and the change', async () => {
    fakeApi({
      'GET /api/v1/match-detail/ratings/7': {
        status: 200,
        body: {
          data: {
            matchId: 7,
            rated: true,
            outcome: 'challenger',
            winProbability: { challenger: 0.62, opponent: 0.38 },
            model,
            entries: [
              {
                subject: 'player',
                side: 'challenger',
                userId: 1,
                teamId: null,
                name: 'player1',
                before: { mu: 30, sigma: 4, rating: 1432, provisional: false },
                after: { mu: 31, sigma: 3.9, rating: 1463, provisional: false },
                delta: 31,
              },
              {
                subject: 'player',
                side: 'opponent',
                userId: 2,
                teamId: null,
                name: 'player2',
                before: { mu: 25, sigma: 25 / 3, rating: 1000, provisional: true },
                after: { mu: 23.5, sigma: 8.2, rating: 974, provisional: true },
                delta: -26,
              },
            ],
          } satisfies MatchRatings,
        },
      },
    });
    renderWithProviders(
      <RatingBreakdown matchId={7} winProbability={{ challenger: 0.62, opponent: 0.38 }} names={names} />,
    );
    const winner = await screen.findByRole('row', { name: /player1/ });
    expect(
      within(winner)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1432μ 30.00 σ 4.00', '62%', 'win', '1463μ 31.00 σ 3.90', '+31']);
    const loser = screen.getByRole('row', { name: /player2/ });
    expect(
      within(loser)
        .getAllByRole('cell')
        .map((c) => c.textContent)
        .slice(2),
    ).toEqual(['loss', '974provisionalμ 23.50 σ 8.20', '-26']);
    expect(screen.getByText(/Rating = 1000 \+ 24 × \(μ − 3σ\); provisional while σ > 7.5\./)).toBeTruthy();
  });
});
