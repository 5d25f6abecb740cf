import { render, screen, within } from '@testing-library/react';
import type { HistoryMatch } from '@versus/common/api/match-history';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { MatchHistoryTable } from './match-history-table';
import { STATUS } from '@versus/common/match/statuses';

const row = (overrides: Partial<HistoryMatch>): HistoryMatch => ({
  id: 7,
  url: '/match/7',
  type: 'ladder',
  statusId: STATUS.finished,
  statusName: 'Finished',
  date: '2025-03-01T18:00:00.000Z',
  side: 1,
  teamName: 'Red Dragons',
  opponentName: 'Northern Wolves',
  opponentSlug: 'northern-wolves',
  score: null,
  opponentScore: null,
  result: 'win',
  forfeit: false,
  outcomeText: null,
  ratingDelta: 75,
  ratingOf: 'team',
  ...overrides,
});

/** The cells of the match's row by their `data-label`: what a phone shows as labelled lines. */
function cells(matchId: number): Record<string, string | null> {
  const link = screen.getByRole('link', { name: `#${String(matchId)}` });
  const tableRow = link.closest('tr');
  if (!tableRow) throw new Error(`no row for match ${String(matchId)}`);
  const entries: [string, string | null][] = within(tableRow)
    .getAllByRole('cell')
    .map((cell) => [cell.dataset.label ?? '', cell.textContent]);
  return Object.fromEntries(entries);
}

describe('the match history table', () => {
  it("on a player's page says whose rating each change is, and how a match ended when the result cannot", () => {
    render(
      <MemoryRouter>
        <MatchHistoryTable
          perPlayer
          caption="Recent matches of player1"
          matches={[
            row({
              id: 7,
              forfeit: true,
              outcomeText: 'Walkover: Northern Wolves did not show',
              ratingDelta: null,
            }),
            row({ id: 8, ratingDelta: 75 }),
            row({ id: 9, type: 'solo-queue', ratingOf: 'player', ratingDelta: -12, result: 'loss' }),
            row({
              id: 10,
              statusId: STATUS.cancelled,
              result: 'cancelled',
              outcomeText: 'Declined by Northern Wolves',
            }),
          ]}
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('columnheader', { name: 'Rating change' })).toBeTruthy();
    expect(cells(7)).toMatchObject({
      Result: 'Win (forfeit)Walkover: Northern Wolves did not show',
      'Rating change': '–',
    });
    expect(cells(8)['Rating change']).toBe('+75 team rating');
    expect(cells(9)['Rating change']).toBe('-12 own rating');
    expect(cells(10).Result).toBe('CancelledDeclined by Northern Wolves');
  });

  it("on a team's page every change is the team's: no label", () => {
    render(
      <MemoryRouter>
        <MatchHistoryTable caption="Recent matches of Red Dragons" matches={[row({ id: 8 })]} />
      </MemoryRouter>,
    );
    expect(cells(8)['Rating change']).toBe('+75');
  });
});
