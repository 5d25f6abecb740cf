import type { Ticket } from '@versus/common/api/disputes';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { installFakeEcho } from '@/testing/fake-echo';
import { makeTicket, makeTicketMessage } from '@/testing/factories';
import { renderWithProviders } from '@/testing/render-with-providers';
import { TicketView } from './ticket-view';

function ticket(messages: { id: number; message: string }[], status: Ticket['status'] = 'open') {
  const data = makeTicket({ status, messages: messages.map((m) => makeTicketMessage(m.id, m.message)) });
  return { status: 200, body: { data } };
}

describe('TicketView messages', () => {
  it('posts a message as plain text and shows it after the refetch', async () => {
    installFakeEcho();
    const stored: { id: number; message: string }[] = [];
    const api = fakeApi({
      'GET /api/v1/tickets/4': () => ticket(stored),
      'POST /api/v1/tickets/4/messages': (request) => {
        const body = JSON.parse(String(request.data)) as { message: string };
        stored.push({ id: stored.length + 1, message: body.message });
        return { status: 201, body: { data: makeTicketMessage(stored.length, body.message) } };
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
    installFakeEcho();
    fakeApi({ 'GET /api/v1/tickets/4': ticket([], 'resolved') });
    renderWithProviders(<TicketView id={4} />);
    expect(await screen.findByText('They had six players')).toBeTruthy();
    expect(screen.queryByLabelText('Your message')).toBeNull();
  });

  it('keeps a refused message and says why above Send', async () => {
    installFakeEcho();
    fakeApi({
      'GET /api/v1/tickets/4': ticket([]),
      // The ticket page also lists the match's demos: none yet.
      'GET /api/v1/match/9/demos': { status: 200, body: { data: [] } },
      'POST /api/v1/tickets/4/messages': {
        status: 422,
        body: {
          message: 'The message field must not be greater than 5000 characters.',
          errors: { message: ['The message field must not be greater than 5000 characters.'] },
        },
      },
    });
    renderWithProviders(<TicketView id={4} />);
    const input = await screen.findByLabelText<HTMLTextAreaElement>('Your message');
    fireEvent.change(input, { target: { value: 'we had five' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('The message field must not be greater than 5000 characters.');
    expect(alert.nextElementSibling).toBe(screen.getByRole('button', { name: 'Send message' }));
    expect(input.value).toBe('we had five');
  });

  it("shows another reader's message as it arrives on the ticket's channel, once", async () => {
    const echo = installFakeEcho();
    fakeApi({ 'GET /api/v1/tickets/4': ticket([{ id: 1, message: 'We had five.' }]) });
    renderWithProviders(<TicketView id={4} />);
    expect(await screen.findByText('We had five.')).toBeTruthy();
    await waitFor(() => expect(echo.channels.has('ticket.4')).toBe(true));
    const channel = echo.channel('ticket.4');
    act(() => channel.succeed());

    const reply = { ticketId: 4, message: makeTicketMessage(2, 'An admin is looking at the demo.') };
    act(() => channel.emit('OnTicketMessage', reply));
    act(() => channel.emit('OnTicketMessage', reply));
    expect(await screen.findByText('An admin is looking at the demo.')).toBeTruthy();
    expect(screen.getAllByText('An admin is looking at the demo.')).toHaveLength(1);
  });
});
