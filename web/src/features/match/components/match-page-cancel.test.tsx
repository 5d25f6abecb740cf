import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { fakeApi, type FakeAnswer } from '@/testing/fake-api';
import { installFakeEcho } from '@/testing/fake-echo';
import { makeActions, makeMatchDetail, makeVetoMatch } from '@/testing/match-factories';
import { MatchPage } from './match-page';

const ok = (data: unknown): FakeAnswer => ({ status: 200, body: { data } });

function renderPage(
  matchId: number,
  reload: () => void,
  cancel: FakeAnswer = { status: 200, body: { message: 'ok' } },
) {
  fakeApi({
    [`GET /api/v1/match-detail/${matchId}`]: ok(makeMatchDetail({ id: matchId })),
    [`GET /api/v1/match-detail/status/${matchId}/actions`]: ok(makeActions({ canCancelMatch: true })),
    [`GET /api/v1/match/${matchId}`]: ok(makeVetoMatch({ id: matchId })),
    [`GET /api/v1/chat/${matchId}`]: ok([]),
    [`POST /api/v1/match-detail/status/${matchId}/cancel`]: cancel,
  });
  const router = createMemoryRouter([
    { path: '*', element: <MatchPage matchId={matchId} userId={1} reload={reload} /> },
  ]);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('a cancellation broadcast', () => {
  it('reloads the page of everyone watching', async () => {
    const echo = installFakeEcho();
    const reload = vi.fn();
    renderPage(50, reload);
    await waitFor(() => expect(echo.channels.has('match-detail-on-cancelled.50')).toBe(true));
    act(() => echo.channel('match-detail-on-cancelled.50').emit('OnMatchCancelled', { matchId: 50 }));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('reloads the tab that cancelled too; its success toast is shown again after the reload', async () => {
    const echo = installFakeEcho();
    const reload = vi.fn();
    renderPage(51, reload);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes, end the match' }));
    await waitFor(() =>
      expect(sessionStorage.getItem('versus:flash')).toBe('Match was cancelled successfully'),
    );
    await waitFor(() => expect(echo.channels.has('match-detail-on-cancelled.51')).toBe(true));
    act(() => echo.channel('match-detail-on-cancelled.51').emit('OnMatchCancelled', { matchId: 51 }));
    expect(reload).toHaveBeenCalledOnce();
    // The reloaded page takes the flash once.
    renderPage(52, vi.fn());
    await waitFor(() => expect(sessionStorage.getItem('versus:flash')).toBeNull());
  });

  it('leaves the flash before the answer (the broadcast may come first) and takes it back on a refusal', async () => {
    installFakeEcho();
    const removed = vi.spyOn(Storage.prototype, 'removeItem');
    const set = vi.spyOn(Storage.prototype, 'setItem');
    renderPage(53, vi.fn(), { status: 422, body: { message: 'This match can no longer be cancelled.' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes, end the match' }));
    await waitFor(() => expect(removed).toHaveBeenCalledWith('versus:flash'));
    expect(set).toHaveBeenCalledWith('versus:flash', 'Match was cancelled successfully');
    expect(sessionStorage.getItem('versus:flash')).toBeNull();
    removed.mockRestore();
    set.mockRestore();
  });
});
