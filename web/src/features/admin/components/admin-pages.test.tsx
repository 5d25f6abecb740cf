import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeAdminApi, makeConflict, makeMap } from '@/testing/admin-factories';
import { renderApp } from '@/testing/render-app';

const posts = (api: ReturnType<typeof fakeAdminApi>, method: string) =>
  api.requests.filter((r) => r.method === method).map((r) => r.url);

describe('the admin Game servers page', () => {
  it('lists the pool with its live state and the match on a server', async () => {
    fakeAdminApi();
    renderApp('/admin/game-servers');
    expect(await screen.findByRole('heading', { level: 1, name: 'Game servers' })).toBeTruthy();
    const first = await screen.findByTestId('game-server-1');
    expect(first.textContent).toContain('10.0.0.1:28961');
    expect(first.textContent).toContain('online · mp_crash · 0/12 players');
    expect(within(first).getByRole('link', { name: 'in use by match #12' }).getAttribute('href')).toBe(
      '/match/12',
    );
    expect(screen.getByTestId('game-server-2').textContent).toContain('free');
  });

  it('deletes a server only after the styled confirmation', async () => {
    const api = fakeAdminApi({
      'DELETE /api/v1/admin/game-servers/2': { status: 200, body: { message: 'Game server deleted.' } },
    });
    renderApp('/admin/game-servers');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Server 2' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Server 2?' });
    expect(dialog.textContent).toContain('10.0.0.1:28962 leaves the pool');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(posts(api, 'delete')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Delete Server 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, delete the server' }));
    await waitFor(() => expect(posts(api, 'delete')).toEqual(['/api/v1/admin/game-servers/2']));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });
});

describe('the admin Competitions page', () => {
  it('shows tournaments (start in the viewer’s locale), ladders and solo-queues with their forms', async () => {
    fakeAdminApi();
    renderApp('/admin/competitions');
    const sections = await screen.findByRole('navigation', { name: 'On this page' });
    expect(
      within(sections)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual([
      '/admin/competitions#admin-tournaments',
      '/admin/competitions#admin-ladders',
      '/admin/competitions#admin-solo-queues',
    ]);
    const tournaments = await screen.findByRole('region', { name: 'Tournaments' });
    const cup = await within(tournaments).findByRole('link', { name: 'Spring Cup' });
    const row = cup.closest('li')!;
    expect(row.textContent).toContain('Single elimination · upcoming · ');
    const start = row.querySelector('time');
    expect(start?.getAttribute('dateTime')).toBe('2025-04-05T18:00:00.000Z');
    expect(start?.textContent).toMatch(/^Apr [56], 2025, \d{1,2}:\d\d\s[AP]M$/);
    expect(within(tournaments).getByRole('form', { name: 'Create a tournament' })).toBeTruthy();

    const ladders = screen.getByRole('region', { name: 'Ladders' });
    expect(await within(ladders).findByRole('link', { name: 'CoD4 5v5 Ladder' })).toBeTruthy();
    expect(within(ladders).getByRole('form', { name: 'Add a season' })).toBeTruthy();
    const queues = screen.getByRole('region', { name: 'Solo-queues' });
    expect(await within(queues).findByText('EU Pick-up')).toBeTruthy();
    expect(within(queues).getByRole('button', { name: 'Close EU Pick-up' })).toBeTruthy();
  });

  it('cancels an upcoming tournament only after the styled confirmation', async () => {
    const api = fakeAdminApi({
      'PATCH /api/v1/admin/tournaments/7': { status: 200, body: { data: {} } },
    });
    renderApp('/admin/competitions');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel Spring Cup' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel Spring Cup?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'No, go back' }));
    expect(posts(api, 'patch')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Cancel Spring Cup' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, cancel the tournament' }));
    expect(await screen.findByText('The tournament was cancelled.')).toBeTruthy();
    const patch = api.requests.find((r) => r.method === 'patch');
    expect(JSON.parse(String(patch?.data))).toEqual({ status: 'cancelled' });
  });
});

describe('the admin Catalogue page', () => {
  it('shows games, maps, map pools and locations, each with its add form', async () => {
    fakeAdminApi({
      'GET /api/v1/admin/maps': {
        status: 200,
        body: { data: [makeMap(1, 'Crash'), makeMap(2, 'Strike', { isActive: false })] },
      },
    });
    renderApp('/admin/catalogue');
    expect(await screen.findByRole('heading', { level: 1, name: 'Catalogue' })).toBeTruthy();
    const sections = screen.getByRole('navigation', { name: 'On this page' });
    expect(
      within(sections)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Games', 'Maps', 'Map pools', 'Locations']);
    const games = screen.getByRole('region', { name: 'Games' });
    expect(await within(games).findByText('cod4')).toBeTruthy();
    expect(games.textContent).toContain('max map score 13');

    const maps = screen.getByRole('region', { name: 'Maps' });
    expect(await within(maps).findByRole('button', { name: 'Deactivate Crash' })).toBeTruthy();
    expect(within(maps).getByRole('button', { name: 'Activate Strike' })).toBeTruthy();

    const pools = screen.getByRole('region', { name: 'Map pools' });
    expect((await within(pools).findByText('Competitive')).closest('li')?.textContent).toContain(
      'Crash, Strike',
    );
    const locations = screen.getByRole('region', { name: 'Locations' });
    expect(await within(locations).findByText(/Frankfurt/)).toBeTruthy();
    for (const form of ['Add a game', 'Add a map', 'Create a map pool', 'Add a location']) {
      expect(screen.getByRole('form', { name: form })).toBeTruthy();
    }
  });
});

describe('the admin Players page', () => {
  it('lists refused claims with the holder, the match and when', async () => {
    fakeAdminApi();
    renderApp('/admin/players');
    const list = await screen.findByRole('list', { name: 'Refused player id claims' });
    const row = within(list).getByRole('listitem');
    expect(row.textContent).toContain('player8 tried to use player id [U:1:424242].');
    expect(row.textContent).toContain('held by player9');
    expect(within(row).getByRole('link', { name: '#30' }).getAttribute('href')).toBe('/match/30');
    expect(row.querySelector('time')?.getAttribute('dateTime')).toBe('2025-03-01T12:00:00.000Z');
  });

  it('binds a refused id to its claimant after a confirmation', async () => {
    const api = fakeAdminApi({
      'GET /api/v1/users/player8': { status: 200, body: { data: { id: 8, username: 'player8' } } },
      'PUT /api/v1/admin/users/8/player-ids/cod4': { status: 200, body: { data: [] } },
    });
    renderApp('/admin/players');
    fireEvent.click(await screen.findByRole('button', { name: 'Bind to player8' }));
    const form = screen.getByRole('form', { name: 'Bind a player id' });
    expect(within(form).getByLabelText<HTMLInputElement>('Username').value).toBe('player8');
    expect(within(form).getByLabelText<HTMLInputElement>('Player id').value).toBe('[U:1:424242]');
    await within(form).findByRole('option', { name: 'Call of Duty 4' });

    fireEvent.click(within(form).getByRole('button', { name: 'Bind player id' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Bind [U:1:424242] to player8?' });
    expect(dialog.textContent).toContain('in Call of Duty 4 from now on');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, bind it' }));
    expect(await screen.findByText('[U:1:424242] is bound to player8 for Call of Duty 4.')).toBeTruthy();
    const put = api.requests.find((r) => r.method === 'put');
    expect(put?.url).toBe('/api/v1/admin/users/8/player-ids/cod4');
    expect(JSON.parse(String(put?.data))).toEqual({ playerId: '[U:1:424242]' });
  });

  it('says under the field when no player has that name, and shows the server’s field errors', async () => {
    const api = fakeAdminApi({
      'GET /api/v1/admin/identity-conflicts': { status: 200, body: { data: [makeConflict()] } },
      'GET /api/v1/users/player3': { status: 200, body: { data: { id: 3, username: 'player3' } } },
      'PUT /api/v1/admin/users/3/player-ids/cod4': {
        status: 422,
        body: {
          message: 'The given data was invalid.',
          errors: { playerId: ['The player id must be a CoD4x player id as the status command shows it.'] },
        },
      },
    });
    renderApp('/admin/players');
    const form = await screen.findByRole('form', { name: 'Bind a player id' });
    fireEvent.change(within(form).getByLabelText('Username'), { target: { value: 'nobody' } });
    fireEvent.change(within(form).getByLabelText('Player id'), { target: { value: 'x' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Bind player id' }));
    expect(await within(form).findByText('No player is called nobody.')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();

    fireEvent.change(within(form).getByLabelText('Username'), { target: { value: 'player3' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Bind player id' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes, bind it' }));
    expect(
      await within(form).findByText(
        'The player id must be a CoD4x player id as the status command shows it.',
      ),
    ).toBeTruthy();
    expect(api.requests.filter((r) => r.method === 'put')).toHaveLength(1);
  });
});
