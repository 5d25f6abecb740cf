import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/render-with-providers';
import { TicketView } from './ticket-view';

function ticket(messages: { id: number; message: string }[], status = 'open') {
  return {
    status: 200,
    body: {
      data: {
        id: 4,
        status,
        description: 'They had six players',
        resolution: null,
        resolutionNote: null,
        createdAt: '2026-11-22T10:00:00.000Z',
        resolvedAt: null,
        openedBy: { id: 1, username: 'player1', formattedUsername: '<span>player1</span>' },
        match: {
          id: 9,
          url: '/match/9',
          statusId: 6,
          statusName: 'Disputed',
          challengerName: 'A',
          opponentName: 'B',
          score: { challenger: null, opponent: null },
        },
        messages: messages.map((m) => ({
          ...m,
          user: { id: 2, username: 'player2', formattedUsername: 'player2' },
          createdAt: '2026-11-22T10:05:00.000Z',
        })),
        canResolve: false,
      },
    },
  };
}

describe('TicketView messages', () => {
  it('posts a message as plain text and shows it after the refetch', async () => {
    const stored: { id: number; message: string }[] = [];
    const api = fakeApi({
      'GET /api/v1/tickets/4': () => ticket(stored),
      'POST /api/v1/tickets/4/messages': (request) => {
        const body = JSON.parse(String(request.data)) as { message: string };
        stored.push({ id: stored.length + 1, message: body.message });
        return { status: 201, body: { data: stored.at(-1) } };
      },
    });
    renderWithProviders(<TicketView id={4} />);

    fireEvent.change(await screen.findByLabelText('Your message'), {
      target: { value: '<b>we had five</b>' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));

    expect(await screen.findByText('<b>we had five</b>')).toBeTruthy();
    await waitFor(() => expect(screen.getByLabelText<HTMLTextAreaElement>('Your message').value).toBe(''));
    expect(api.requests.filter((r) => r.method === 'post')).toHaveLength(1);
  });

  it('offers no message form once the ticket is resolved', async () => {
    fakeApi({ 'GET /api/v1/tickets/4': ticket([], 'resolved') });
    renderWithProviders(<TicketView id={4} />);
    expect(await screen.findByText('They had six players')).toBeTruthy();
    expect(screen.queryByLabelText('Your message')).toBeNull();
  });
});
