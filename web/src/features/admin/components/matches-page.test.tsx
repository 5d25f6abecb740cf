// The admin Matches page's award: which rows offer it, and a walkover awarded from a row, after which the
// match leaves the page's lists.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AwardOptions } from '@versus/common/api/results';
import { STATUS } from '@versus/common/match/statuses';
import { describe, expect, it } from 'vitest';
import { fakeAdminApi, makeMatchSummary, makeOverview } from '@/testing/admin-factories';
import { renderApp } from '@/testing/render-app';

const options: AwardOptions = {
  matchId: 12,
  canAward: true,
  refusal: null,
  challenger: { name: 'Red Dragons' },
  opponent: { name: 'Blue Foxes' },
  drawsAllowed: false,
  maxMapScore: 13,
  maps: [],
};

describe('the admin Matches page, awarding a result', () => {
  it('offers an award on scores awaiting approval and open matches, not on a disputed one', async () => {
    fakeAdminApi({
      'GET /api/v1/admin/overview': {
        status: 200,
        body: {
          data: makeOverview({
            cancellableMatches: [
              makeMatchSummary(12),
              makeMatchSummary(14, { statusId: STATUS.disputed, statusName: 'Disputed' }),
            ],
          }),
        },
      },
    });
    renderApp('/admin/matches');
    const scores = await screen.findByRole('list', { name: 'Scores awaiting approval' });
    expect(within(scores).getByRole('button', { name: 'Award a result to match #21' })).toBeTruthy();
    const open = screen.getByRole('list', { name: 'Open matches' });
    const actions = (id: number) =>
      within(within(open).getByRole('group', { name: `Actions for match #${String(id)}` }))
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label') ?? b.textContent);
    expect(actions(12)).toEqual(['Award a result to match #12', 'Cancel match #12']);
    expect(actions(14)).toEqual(['Cancel match #14']);
  });

  it('awards a walkover from a row; the match then leaves the list', async () => {
    let awarded = false;
    const api = fakeAdminApi({
      'GET /api/v1/admin/overview': () => ({
        status: 200,
        body: {
          data: makeOverview({
            cancellableMatches: awarded
              ? [makeMatchSummary(13)]
              : [makeMatchSummary(12), makeMatchSummary(13)],
          }),
        },
      }),
      'GET /api/v1/admin/matches/12/award': { status: 200, body: { data: options } },
      'POST /api/v1/admin/matches/12/award': () => {
        awarded = true;
        return {
          status: 200,
          body: {
            message: 'The result was awarded successfully',
            data: { id: 12, statusId: STATUS.finished },
          },
        };
      },
    });
    renderApp('/admin/matches');
    fireEvent.click(await screen.findByRole('button', { name: 'Award a result to match #12' }));
    const dialog = await screen.findByRole('dialog', { name: 'Award a result: match #12' });
    fireEvent.click(await within(dialog).findByLabelText('Walkover: Red Dragons did not show'));
    fireEvent.change(within(dialog).getByLabelText('Reason (shown in the match room)'), {
      target: { value: 'No show after 30 minutes' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Award result' }));
    expect(await screen.findByText('The result was awarded successfully')).toBeTruthy();
    const open = screen.getByRole('list', { name: 'Open matches' });
    await waitFor(() =>
      expect(
        within(open)
          .getAllByRole('listitem')
          .map((r) => r.getAttribute('aria-label')),
      ).toEqual(['Match #13']),
    );
    const post = api.requests.find((r) => r.method === 'post');
    expect(JSON.parse(String(post?.data))).toEqual({
      kind: 'walkover',
      absent: 'challenger',
      reason: 'No show after 30 minutes',
    });
  });
});
