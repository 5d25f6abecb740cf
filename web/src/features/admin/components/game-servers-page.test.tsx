// The admin Game servers page's actions: registering a server (its agent token shown once), switching one
// off, guests of the match on a server and moving that match; what each sends, what the admin reads after it,
// and where a refusal shows.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminGameServerSaved, MatchGuest } from '@versus/common/api/game-servers';
import { describe, expect, it } from 'vitest';
import { fakeAdminApi, makeGameServer } from '@/testing/admin-factories';
import { renderApp } from '@/testing/render-app';

const sent = (api: ReturnType<typeof fakeAdminApi>, method: string) =>
  api.requests
    .filter((r) => r.method === method)
    .map((r) => ({ url: r.url, body: JSON.parse(String(r.data)) as unknown }));

const type = (form: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(form).getByLabelText(label), { target: { value } });

const saved = (overrides: Partial<AdminGameServerSaved> = {}): AdminGameServerSaved => ({
  ...makeGameServer(3, { name: 'Amsterdam #1', host: '10.0.0.3', port: 28960 }),
  check: { result: 'ok', message: 'rcon answered.' },
  agentToken: 'ga_0123456789abcdef',
  ...overrides,
});

async function addServer() {
  const form = await screen.findByRole('form', { name: 'Add a game server' });
  await within(form).findByRole('option', { name: 'Frankfurt, Germany' });
  type(form, 'Name', 'Amsterdam #1');
  type(form, 'Host', '10.0.0.3');
  type(form, 'Rcon password', 'secret-rcon');
  fireEvent.change(within(form).getByLabelText('Location'), { target: { value: '1' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Add server' }));
  return form;
}

describe('the admin Game servers page, its actions', () => {
  it('registers a server, says what its rcon check found, and shows its agent token once', async () => {
    const api = fakeAdminApi({
      'POST /api/v1/admin/game-servers': { status: 201, body: { data: saved() } },
    });
    renderApp('/admin/game-servers');
    const form = await addServer();
    expect(await screen.findByText('Server added: rcon answered.')).toBeTruthy();
    expect(sent(api, 'post')).toEqual([
      {
        url: '/api/v1/admin/game-servers',
        body: {
          name: 'Amsterdam #1',
          host: '10.0.0.3',
          port: 28960,
          rconPassword: 'secret-rcon',
          locationId: 1,
        },
      },
    ]);
    const token = screen.getByRole('status');
    expect(token.textContent).toContain('Agent token for Amsterdam #1 (shown once;');
    expect(token.textContent).toContain('ga_0123456789abcdef');
    expect(within(form).getByLabelText<HTMLInputElement>('Name').value).toBe('');
  });

  it('says when a registered server did not answer its rcon check', async () => {
    fakeAdminApi({
      'POST /api/v1/admin/game-servers': {
        status: 201,
        body: { data: saved({ check: { result: 'no-answer', message: 'the server did not answer.' } }) },
      },
    });
    renderApp('/admin/game-servers');
    await addServer();
    const toast = await screen.findByText('Server added, but: the server did not answer.');
    expect(toast.closest('.Toastify__toast--error')).not.toBeNull();
  });

  it('shows a refused server under its fields', async () => {
    fakeAdminApi({
      'POST /api/v1/admin/game-servers': {
        status: 422,
        body: {
          message: 'The host and port are already registered.',
          errors: { host: ['The host and port are already registered.'] },
        },
      },
    });
    renderApp('/admin/game-servers');
    const form = await addServer();
    const host = within(form).getByLabelText('Host');
    await waitFor(() => expect(host.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(host.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'The host and port are already registered.',
    );
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('switches a server off', async () => {
    const api = fakeAdminApi({
      'PATCH /api/v1/admin/game-servers/2': { status: 200, body: { data: saved() } },
    });
    renderApp('/admin/game-servers');
    fireEvent.click(await screen.findByRole('button', { name: 'Disable Server 2' }));
    await waitFor(() =>
      expect(sent(api, 'patch')).toEqual([{ url: '/api/v1/admin/game-servers/2', body: { enabled: false } }]),
    );
  });

  it('shows a refused delete as a toast', async () => {
    fakeAdminApi({
      'DELETE /api/v1/admin/game-servers/2': {
        status: 409,
        body: { message: 'The server is in use by a match.' },
      },
    });
    renderApp('/admin/game-servers');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Server 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, delete the server' }));
    expect(await screen.findByText('The server is in use by a match.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('lets a guest join the match on a server, and lists the guest', async () => {
    let guests: MatchGuest[] = [];
    const api = fakeAdminApi({
      'GET /api/v1/admin/matches/12/guests': () => ({ status: 200, body: { data: guests } }),
      'POST /api/v1/admin/matches/12/guests': () => {
        guests = [{ id: 5, playerId: '[U:1:777]', name: 'Caster', createdAt: '2025-03-01T12:00:00.000Z' }];
        return { status: 201, body: { data: guests[0] } };
      },
    });
    renderApp('/admin/game-servers');
    const server = await screen.findByTestId('game-server-1');
    expect(await within(server).findByText('No guests.')).toBeTruthy();
    const form = within(server).getByRole('form', { name: 'Allow a guest on match #12' });
    type(form, 'Player id', '[U:1:777]');
    type(form, 'Guest name', 'Caster');
    fireEvent.click(within(form).getByRole('button', { name: 'Allow guest' }));
    expect(await screen.findByText('Caster may join match #12.')).toBeTruthy();
    expect(await within(server).findByRole('button', { name: 'Remove guest Caster' })).toBeTruthy();
    expect(sent(api, 'post')).toEqual([
      { url: '/api/v1/admin/matches/12/guests', body: { playerId: '[U:1:777]', name: 'Caster' } },
    ]);
  });

  it('shows a refused guest under its player id', async () => {
    fakeAdminApi({
      'POST /api/v1/admin/matches/12/guests': {
        status: 422,
        body: {
          message: 'The player id must be a CoD4x player id as the status command shows it.',
          errors: { playerId: ['The player id must be a CoD4x player id as the status command shows it.'] },
        },
      },
    });
    renderApp('/admin/game-servers');
    const form = await screen.findByRole('form', { name: 'Allow a guest on match #12' });
    type(form, 'Player id', 'nope');
    type(form, 'Guest name', 'Caster');
    fireEvent.click(within(form).getByRole('button', { name: 'Allow guest' }));
    expect(
      await within(form).findByText(
        'The player id must be a CoD4x player id as the status command shows it.',
      ),
    ).toBeTruthy();
  });

  it('moves the match to a free online server, and shows a refused move as a toast', async () => {
    const answers = [
      { status: 200, body: { message: 'Match #12 moved to Server 2.' } },
      { status: 409, body: { message: 'Server 2 is no longer free.' } },
    ];
    const api = fakeAdminApi({
      'POST /api/v1/admin/matches/12/move-server': () => answers.shift() ?? { status: 500 },
    });
    renderApp('/admin/game-servers');
    const form = await screen.findByRole('form', { name: 'Move match #12' });
    // Only servers that could take the match are offered: not the one it is on.
    expect(
      within(form)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Server 2 (Frankfurt)']);
    fireEvent.click(within(form).getByRole('button', { name: 'Move match' }));
    expect(await screen.findByText('Match #12 moved to Server 2.')).toBeTruthy();
    expect(sent(api, 'post')).toEqual([
      { url: '/api/v1/admin/matches/12/move-server', body: { gameServerId: 2 } },
    ]);

    const move = within(form).getByRole<HTMLButtonElement>('button', { name: 'Move match' });
    await waitFor(() => expect(move.disabled).toBe(false));
    fireEvent.click(move);
    expect(await screen.findByText('Server 2 is no longer free.')).toBeTruthy();
  });
});
