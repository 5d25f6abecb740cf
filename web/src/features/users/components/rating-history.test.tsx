import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDate } from '@/lib/format-date';
import { RatingHistory } from './rating-history';

describe("the profile's rating", () => {
  it("is the player's own rating, says what provisional means, and why it may not have moved", () => {
    render(<RatingHistory rating={900} history={[]} provisional />);
    expect(screen.getByText(/^Player rating/).textContent).toBe(
      'Player rating 900 (provisional: fewer than 14 rated matches)',
    );
    expect(screen.queryByText('No rating changes yet.')).toBeNull();
    expect(
      screen.getByText(
        /has not changed yet: it moves with solo-queue matches\. Ladder and tournament matches/,
      ),
    ).toBeTruthy();
  });

  it('lists the latest changes once there are some', () => {
    render(
      <RatingHistory
        rating={1012}
        history={[
          {
            matchId: 3,
            reason: 'match',
            oldRating: 1000,
            newRating: 1012,
            delta: 12,
            createdAt: '2025-03-01T18:00:00.000Z',
          },
        ]}
      />,
    );
    expect(screen.getByRole('list', { name: 'Latest rating changes' }).textContent).toBe(
      `${formatDate('2025-03-01T18:00:00.000Z')} 1000 → 1012 (+12)`,
    );
  });
});
