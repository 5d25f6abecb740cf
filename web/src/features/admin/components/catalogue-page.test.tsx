// The admin Catalogue page's actions: what each form and switch sends, what the admin reads after it, and
// where a refusal shows (a 422's messages under their fields, anything else as a toast).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it } from 'vitest';
import { fakeAdminApi, makeMap } from '@/testing/admin-factories';
import { renderApp } from '@/testing/render-app';

const sent = (api: ReturnType<typeof fakeAdminApi>, method: string) =>
  api.requests
    .filter((r) => r.method === method)
    .map((r) => ({ url: r.url, body: JSON.parse(String(r.data)) as unknown }));

const region = (name: string) => screen.findByRole('region', { name });

describe('the admin Catalogue page, its actions', () => {
  it('adds a map, says so, empties the form and lists the new map', async () => {
    let maps = [makeMap(1, 'Crash')];
    const api = fakeAdminApi({
      'GET /api/v1/admin/maps': () => ({ status: 200, body: { data: maps } }),
      'POST /api/v1/admin/maps': (request: InternalAxiosRequestConfig) => {
        const body = JSON.parse(String(request.data)) as { name: string; nameCmd: string };
        maps = [...maps, makeMap(3, body.name, { nameCmd: body.nameCmd })];
        return { status: 201, body: { data: maps[1] } };
      },
    });
    renderApp('/admin/catalogue');
    const section = await region('Maps');
    await within(section).findByText('Crash');
    const form = within(section).getByRole('form', { name: 'Add a map' });
    fireEvent.change(within(form).getByLabelText('Map name'), { target: { value: ' Backlot ' } });
    fireEvent.change(within(form).getByLabelText('Map command (e.g. mp_crash)'), {
      target: { value: 'mp_backlot' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Add map' }));

    expect(await screen.findByText('The map was added.')).toBeTruthy();
    expect(sent(api, 'post')).toEqual([
      { url: '/api/v1/admin/maps', body: { name: 'Backlot', nameCmd: 'mp_backlot', image: null } },
    ]);
    expect(within(form).getByLabelText<HTMLInputElement>('Map name').value).toBe('');
    expect(await within(section).findByRole('button', { name: 'Deactivate Backlot' })).toBeTruthy();
  });

  it('switches a map off, and the row then offers to switch it on', async () => {
    let active = true;
    const api = fakeAdminApi({
      'GET /api/v1/admin/maps': () => ({
        status: 200,
        body: { data: [makeMap(1, 'Crash', { isActive: active }), makeMap(2, 'Strike')] },
      }),
      'PATCH /api/v1/admin/maps/1': (request: InternalAxiosRequestConfig) => {
        active = (JSON.parse(String(request.data)) as { isActive: boolean }).isActive;
        return { status: 200, body: { data: makeMap(1, 'Crash', { isActive: active }) } };
      },
    });
    renderApp('/admin/catalogue');
    const section = await region('Maps');
    fireEvent.click(await within(section).findByRole('button', { name: 'Deactivate Crash' }));
    const row = (await within(section).findByRole('button', { name: 'Activate Crash' })).closest('li')!;
    expect(row.textContent).toContain('inactive');
    expect(sent(api, 'patch')).toEqual([{ url: '/api/v1/admin/maps/1', body: { isActive: false } }]);
  });

  it('edits a game in place and sends only what changed', async () => {
    const api = fakeAdminApi({
      'PATCH /api/v1/admin/games/1': { status: 200, body: { data: {} } },
    });
    renderApp('/admin/catalogue');
    const section = await region('Games');
    const form = await within(section).findByRole('form', { name: 'Edit of Call of Duty 4', hidden: true });
    expect(within(form).getByLabelText<HTMLInputElement>('Slug (e.g. cod4)').value).toBe('cod4');
    fireEvent.change(within(form).getByLabelText('Highest map score'), { target: { value: '10' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save changes', hidden: true }));
    expect(await screen.findByText('The changes were saved.')).toBeTruthy();
    expect(sent(api, 'patch')).toEqual([{ url: '/api/v1/admin/games/1', body: { maxMapScore: 10 } }]);
  });

  it('switches a location off, and edits one sending only what changed', async () => {
    const api = fakeAdminApi({
      'PATCH /api/v1/admin/locations/1': { status: 200, body: { data: {} } },
    });
    renderApp('/admin/catalogue');
    const section = await region('Locations');
    fireEvent.click(await within(section).findByRole('button', { name: 'Deactivate Frankfurt' }));
    await waitFor(() => expect(sent(api, 'patch')).toHaveLength(1));

    // The row's controls wait for the switch's answer (and the list's reload, which may render the row anew)
    // before they take another change, so the form is looked up afresh each time.
    const form = () =>
      within(section).getByRole('form', { name: 'Edit of Frankfurt, Germany', hidden: true });
    const save = () =>
      within(form()).getByRole<HTMLButtonElement>('button', { name: 'Save changes', hidden: true });
    await waitFor(() => expect(save().disabled).toBe(false), { timeout: 10_000 });
    expect(within(form()).getByLabelText<HTMLInputElement>('Ping URL (https://...)').value).toBe(
      'https://fra.example.com',
    );
    fireEvent.change(within(form()).getByLabelText("Name shown to players (empty: the ping URL's host)"), {
      target: { value: 'Frankfurt #2' },
    });
    const savedBefore = screen.queryAllByText('The changes were saved.').length;
    fireEvent.click(save());
    // An earlier test's toast of the same text may still be closing: wait for one more.
    await waitFor(() =>
      expect(screen.queryAllByText('The changes were saved.')).toHaveLength(savedBefore + 1),
    );
    expect(sent(api, 'patch')).toEqual([
      { url: '/api/v1/admin/locations/1', body: { isActive: false } },
      { url: '/api/v1/admin/locations/1', body: { name: 'Frankfurt #2' } },
    ]);
  });

  it('creates a map pool from the ticked maps', async () => {
    const api = fakeAdminApi({
      'POST /api/v1/admin/map-pools': { status: 201, body: { data: {} } },
    });
    renderApp('/admin/catalogue');
    const form = await screen.findByRole('form', { name: 'Create a map pool' });
    fireEvent.change(within(form).getByLabelText('Pool name'), { target: { value: 'Promod' } });
    fireEvent.click(await within(form).findByLabelText('Strike'));
    fireEvent.click(within(form).getByRole('button', { name: 'Create map pool' }));
    expect(await screen.findByText('The map pool was created.')).toBeTruthy();
    expect(sent(api, 'post')).toEqual([
      { url: '/api/v1/admin/map-pools', body: { name: 'Promod', mapIds: [2] } },
    ]);
  });

  it('shows a refused location under its fields, and keeps what was typed', async () => {
    fakeAdminApi({
      'POST /api/v1/admin/locations': {
        status: 422,
        body: {
          message: 'The flag must be a two-letter country code.',
          errors: { flag: ['The flag must be a two-letter country code.'] },
        },
      },
    });
    renderApp('/admin/catalogue');
    const form = await screen.findByRole('form', { name: 'Add a location' });
    fireEvent.change(within(form).getByLabelText('Ping URL (https://...)'), {
      target: { value: 'https://ams.example.com' },
    });
    fireEvent.change(within(form).getByLabelText('City'), { target: { value: 'Amsterdam' } });
    fireEvent.change(within(form).getByLabelText('Country'), { target: { value: 'Netherlands' } });
    fireEvent.change(within(form).getByLabelText('Flag (two-letter code)'), { target: { value: 'x' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add location' }));

    const flag = within(form).getByLabelText('Flag (two-letter code)');
    await waitFor(() => expect(flag.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(flag.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'The flag must be a two-letter country code.',
    );
    expect(within(form).getByLabelText<HTMLInputElement>('City').value).toBe('Amsterdam');
    expect(screen.queryByText('The location was added.')).toBeNull();
  });

  it('shows a refusal that names no field as a toast', async () => {
    fakeAdminApi({
      'POST /api/v1/admin/games': { status: 403, body: { message: 'This action is unauthorized.' } },
    });
    renderApp('/admin/catalogue');
    const form = await screen.findByRole('form', { name: 'Add a game' });
    fireEvent.change(within(form).getByLabelText('Slug (e.g. cod4)'), { target: { value: 'cod2' } });
    fireEvent.change(within(form).getByLabelText('Game name'), { target: { value: 'Call of Duty 2' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add game' }));
    const toast = await screen.findByText('This action is unauthorized.');
    expect(toast.closest('.Toastify__toast')).not.toBeNull();
    expect(within(form).getByLabelText<HTMLInputElement>('Game name').value).toBe('Call of Duty 2');
  });
});
