import type { Standing } from '@versus/common/api/ladders';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/render-with-providers';
import { ChallengeForm } from './challenge-form';

const opponent: Standing = {
  rank: 2,
  team: {
    id: 7,
    name: 'Northern Wolves',
    tag: 'NWV',
    slug: 'northern-wolves',
    image: null,
    url: '/team/northern-wolves',
  },
  rating: 1000,
  wins: 0,
  losses: 0,
  draws: 0,
  joinedAt: '2025-01-01T00:00:00.000Z',
  isOwnTeam: false,
  canChallenge: true,
};

describe('the challenge form', () => {
  it('shows every message of a refused challenge in the form, above its buttons, and no toast', async () => {
    fakeApi({
      'GET /api/v1/teams/red-dragons': { status: 200, body: { data: { roster: [] } } },
      'POST /api/v1/ladders/3/challenges': {
        status: 422,
        body: {
          message: 'The start date must be in the future. (and 1 more error)',
          errors: {
            startDate: ['The start date must be in the future.'],
            opponentTeamId: ['Northern Wolves already has an open challenge from you.'],
          },
        },
      },
    });
    renderWithProviders(
      <ChallengeForm
        ladderId={3}
        opponent={opponent}
        challengerTeams={[{ id: 1, name: 'Red Dragons', slug: 'red-dragons' }]}
        teamSize={5}
        onCancel={() => undefined}
        onCreated={() => undefined}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Send challenge' }));
    const alert = await screen.findByRole('alert');
    expect([...alert.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'The start date must be in the future.',
      'Northern Wolves already has an open challenge from you.',
    ]);
    expect(alert.closest('form')).toBe(screen.getByRole('form', { name: 'Challenge Northern Wolves' }));
    await waitFor(() => expect(document.querySelector('.Toastify__toast')).toBeNull());
  });
});
