import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ChatMessage, ChatMessages } from '@versus/common/api/chat';
import { makeUser } from '@/testing/factories';
import { fakeApi, type FakeAnswer } from '@/testing/fake-api';
import { installFakeEcho } from '@/testing/fake-echo';
import { makeActions, makeMatchDetail, makeVetoMatch } from '@/testing/match-factories';
import { renderApp } from '@/testing/render-app';

const ok = (data: unknown): FakeAnswer => ({ status: 200, body: { data } });

const message = (id: number, text: string, username: string, minute: number): ChatMessage => ({
  id,
  message: text,
  user: { id, image: null, username, formattedUsername: `<b>${username}</b>` },
  createdAt: `2025-01-02T10:${String(minute).padStart(2, '0')}:00.000Z`,
});

function stage(canType: boolean) {
  return fakeApi({
    'GET /api/v1/auth/me': ok(makeUser({ id: 6, username: 'player6' })),
    'GET /api/v1/match-detail/42': ok(makeMatchDetail({ canType })),
    'GET /api/v1/match-detail/status/42/actions': ok(makeActions()),
    'GET /api/v1/match/42': ok(makeVetoMatch()),
    // Newest first, as a server may send them: the list still shows the newest at the bottom.
    'GET /api/v1/chat/42': {
      status: 200,
      body: {
        data: [message(2, 'second <b>not bold</b>', 'player1', 2), message(1, 'first', 'player6', 1)],
        meta: { canType },
      } satisfies ChatMessages,
    },
    'POST /api/v1/chat': (request) => {
      const body = JSON.parse(String(request.data)) as { message: string; id: number };
      return { status: 201, body: { data: { ...message(3, body.message, 'player6', 3), id: 3 } } };
    },
  });
}

describe('the chat panel', () => {
  it('lists messages oldest first as plain text, shows who is online, and sends with Enter', async () => {
    const echo = installFakeEcho();
    const { requests } = stage(true);
    renderApp('/match/42');

    const list = await screen.findByRole('list', { name: 'Messages' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    const texts = within(list)
      .getAllByRole('listitem')
      .map((li) => li.querySelector('.chat-message-text')?.textContent);
    expect(texts).toEqual(['first', 'second <b>not bold</b>']);
    expect(within(list).getByRole('link', { name: 'player1' }).getAttribute('href')).toBe('/user/player1');

    expect(screen.getByRole('heading', { name: 'Online users' })).toBeTruthy();
    await waitFor(() => expect(echo.channels.has('match-chat.42')).toBe(true));
    act(() =>
      echo.channel('match-chat.42').succeed([
        { id: 6, username: 'player6', uuid: 'a', image: null, formattedUsername: 'player6' },
        { id: 1, username: 'player1', uuid: 'b', image: null, formattedUsername: 'player1' },
      ]),
    );
    expect(await screen.findByRole('heading', { name: 'Online users (2)' })).toBeTruthy();

    const input = screen.getByRole('textbox', { name: 'Message' });
    expect(input.getAttribute('placeholder')).toBe('Start typing ...');
    fireEvent.change(input, { target: { value: 'gl hf' } });
    fireEvent.submit(input.closest('form')!);
    expect((input as HTMLInputElement).value).toBe('');
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    expect(JSON.parse(String(requests.find((r) => r.method === 'post')?.data))).toEqual({
      message: 'gl hf',
      id: 42,
    });

    act(() =>
      echo.channel('match-chat.42').emit('OnMessageSend', { message: message(4, 'wp', 'player1', 4) }),
    );
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(4));
    // The same message again (answer and broadcast) is listed once.
    act(() =>
      echo.channel('match-chat.42').emit('OnMessageSend', { message: message(4, 'wp', 'player1', 4) }),
    );
    expect(within(list).getAllByRole('listitem')).toHaveLength(4);
  });

  it('is read-only without canType', async () => {
    installFakeEcho();
    stage(false);
    renderApp('/match/42');
    await screen.findByRole('list', { name: 'Messages' });
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
  });

  it('keeps a refused message in the input and says why under it (429 and 422), with no toast', async () => {
    installFakeEcho();
    let answer: FakeAnswer = {
      status: 429,
      body: { message: 'You are sending messages too fast; wait a moment.' },
    };
    fakeApi({
      'GET /api/v1/auth/me': ok(makeUser({ id: 6, username: 'player6' })),
      'GET /api/v1/match-detail/42': ok(makeMatchDetail({ canType: true })),
      'GET /api/v1/match-detail/status/42/actions': ok(makeActions()),
      'GET /api/v1/match/42': ok(makeVetoMatch()),
      'GET /api/v1/chat/42': { status: 200, body: { data: [], meta: { canType: true } } },
      'POST /api/v1/chat': () => answer,
    });
    renderApp('/match/42');
    const input = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Message' });

    fireEvent.change(input, { target: { value: 'rush B' } });
    fireEvent.submit(input.closest('form')!);
    expect(input.value).toBe('');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('You are sending messages too fast; wait a moment.');
    expect(input.value).toBe('rush B');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(alert.id);
    expect(document.querySelector('.Toastify__toast')).toBeNull();

    answer = {
      status: 422,
      body: {
        message: 'The message field is required.',
        errors: { message: ['The message field is required.'] },
      },
    };
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.submit(input.closest('form')!);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('The message field is required.'));
    expect(input.value).toBe('   ');

    // Typed again while a refused one was on its way: the new text stays.
    answer = {
      status: 403,
      body: { message: 'Only the players of this match and admins can write in this chat.' },
    };
    fireEvent.change(input, { target: { value: 'first' } });
    fireEvent.submit(input.closest('form')!);
    fireEvent.change(input, { target: { value: 'second' } });
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Only the players of this match and admins can write in this chat.',
      ),
    );
    expect(input.value).toBe('second');
  });
});
