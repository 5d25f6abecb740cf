import { act, screen, waitFor } from '@testing-library/react';
import { STATUS, type StatusId } from '@versus/common/match/statuses';
import { describe, expect, it } from 'vitest';
import { makeActiveMatch, makeActiveMatchesPage } from '@/testing/factories';
import { fakeApi } from '@/testing/fake-api';
import { installFakeEcho } from '@/testing/fake-echo';
import { renderWithProviders } from '@/testing/render-with-providers';
import { ActiveMatchesPanel } from './active-matches-panel';

describe('the Active games panel', () => {
  it("follows a listed match's status: the veto's badge gives way to the match in progress at once", async () => {
    const echo = installFakeEcho();
    let statusId: StatusId = STATUS.mapVeto;
    fakeApi({
      'GET /api/v1/match/user-active-matches': () => ({
        status: 200,
        body: { data: makeActiveMatchesPage([makeActiveMatch({ id: 7, statusId })]) },
      }),
    });
    renderWithProviders(<ActiveMatchesPanel />);
    expect(await screen.findByText('Map select')).toBeTruthy();
    await waitFor(() => expect(echo.channels.has('match-detail-update.7')).toBe(true));

    statusId = STATUS.inProgress;
    act(() => echo.channel('match-detail-update.7').emit('MatchDetailUpdate', { matchId: 7 }));
    expect(await screen.findByText('Submit score')).toBeTruthy();
    expect(screen.queryByText('Map select')).toBeNull();
  });
});
