import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { installFakeEcho } from '@/testing/fake-echo';
import { useChannelEvent, usePresence } from './use-echo';

function Listener({ onEvent }: { onEvent: (payload: unknown) => void }) {
  const [count, setCount] = useState(0);
  const { data } = useQuery({ queryKey: ['thing'], queryFn: () => count + 1 });
  const live = useChannelEvent(
    'match-detail-update.7',
    'MatchDetailUpdate',
    (payload) => {
      setCount((c) => c + 1);
      onEvent(payload);
    },
    { refetch: [['thing']] },
  );
  return (
    <p>
      {live ? 'live' : 'waiting'} {count} fetched {data}
    </p>
  );
}

function Members() {
  const members = usePresence<{ id: number; username: string }>('match-chat.7');
  return <p>members: {members.map((m) => m.username).join(',')}</p>;
}

function renderWithQuery(ui: React.ReactNode) {
  const queryClient = createQueryClient();
  return render(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>);
}

describe('useChannelEvent', () => {
  it('listens with a leading dot, reports when live, and leaves on unmount', async () => {
    const echo = installFakeEcho();
    const received: unknown[] = [];
    const { unmount } = renderWithQuery(<Listener onEvent={(p) => received.push(p)} />);
    await waitFor(() => expect(echo.channels.has('match-detail-update.7')).toBe(true));
    const channel = echo.channel('match-detail-update.7');
    expect(screen.getByText(/waiting/)).toBeTruthy();

    act(() => channel.succeed());
    await screen.findByText(/^live 0/);
    act(() => channel.emit('MatchDetailUpdate', { matchId: 7 }));
    expect(received).toEqual([{ matchId: 7 }]);
    await screen.findByText(/^live 1/);

    unmount();
    expect(channel.listenerCount('MatchDetailUpdate')).toBe(0);
    expect(channel.left).toBe(true);
  });

  it('refetches the named queries when the channel is resubscribed after a drop', async () => {
    const echo = installFakeEcho();
    renderWithQuery(<Listener onEvent={() => undefined} />);
    await screen.findByText(/fetched 1/);
    await waitFor(() => expect(echo.channels.has('match-detail-update.7')).toBe(true));
    const channel = echo.channel('match-detail-update.7');

    act(() => channel.succeed());
    act(() => channel.emit('MatchDetailUpdate', { matchId: 7 }));
    await screen.findByText(/live 1 fetched 1$/);
    // The first subscription is the load itself: no refetch. The second is a reconnect: refetch.
    act(() => channel.succeed());
    await screen.findByText(/live 1 fetched 2$/);
  });

  it('keeps a shared channel until its last holder unmounts', async () => {
    const echo = installFakeEcho();
    const first = renderWithQuery(<Listener onEvent={() => undefined} />);
    const second = renderWithQuery(<Listener onEvent={() => undefined} />);
    await waitFor(() =>
      expect(echo.channel('match-detail-update.7').listenerCount('MatchDetailUpdate')).toBe(2),
    );
    const channel = echo.channel('match-detail-update.7');

    first.unmount();
    expect(channel.left).toBe(false);
    second.unmount();
    expect(channel.left).toBe(true);
  });
});

describe('usePresence', () => {
  it('tracks here, joining and leaving and drops duplicate usernames', async () => {
    const echo = installFakeEcho();
    renderWithQuery(<Members />);
    await waitFor(() => expect(echo.channels.has('match-chat.7')).toBe(true));
    const channel = echo.channel('match-chat.7');

    act(() =>
      channel.succeed([
        { id: 1, username: 'Soap' },
        { id: 2, username: 'Price' },
        { id: 3, username: 'Soap' },
      ]),
    );
    await screen.findByText('members: Soap,Price');
    act(() => channel.join({ id: 4, username: 'Ghost' }));
    await screen.findByText('members: Soap,Price,Ghost');
    act(() => channel.leave({ id: 2, username: 'Price' }));
    await screen.findByText('members: Soap,Ghost');
  });
});
