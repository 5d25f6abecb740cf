// The admin's round windows of a tournament: what the form sends, the saved window listed, a refusal shown
// in the form above its button.
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeAdminApi, makeTournament } from '@/testing/admin-factories';
import { renderApp } from '@/testing/render-app';

const WINDOW = {
  round: 2,
  opensAt: new Date('2030-01-02T18:00').toISOString(),
  deadline: new Date('2030-01-05T18:00').toISOString(),
  fallback: 'default_time',
  defaultTime: new Date('2030-01-06T20:00').toISOString(),
};

describe('the admin round windows of a tournament', () => {
  it('saves a window with a default time and lists it', async () => {
    let saved = false;
    const api = fakeAdminApi({
      'GET /api/v1/admin/tournaments': { status: 200, body: { data: [makeTournament()] } },
      'GET /api/v1/admin/tournaments/7/round-windows': () => ({
        status: 200,
        body: { data: saved ? [WINDOW] : [] },
      }),
      'PUT /api/v1/admin/tournaments/7/round-windows/2': () => {
        saved = true;
        return { status: 200, body: { message: 'The round window was saved.', data: WINDOW } };
      },
    });
    renderApp('/admin/competitions');
    fireEvent.click(await screen.findByRole('button', { name: 'Round windows of Spring Cup' }));
    const region = await screen.findByRole('region', { name: 'Round windows of Spring Cup' });
    await within(region).findByText(/No round has a window/);
    const type = (label: string, value: string) =>
      fireEvent.change(within(region).getByLabelText(label), { target: { value } });
    type('Round', '2');
    type('Opens', '2030-01-02T18:00');
    type('Deadline', '2030-01-05T18:00');
    type('At the deadline', 'default_time');
    type('Default time', '2030-01-06T20:00');
    fireEvent.click(within(region).getByRole('button', { name: 'Save window' }));

    expect(await screen.findByText('The round window was saved.')).toBeTruthy();
    await within(region).findByText(/Round 2:/);
    const put = api.requests.find((r) => r.method === 'put');
    expect(JSON.parse(String(put?.data))).toEqual({
      opensAt: WINDOW.opensAt,
      deadline: WINDOW.deadline,
      fallback: 'default_time',
      defaultTime: WINDOW.defaultTime,
    });
  });

  it('shows a refused window in the form, under the field it names', async () => {
    fakeAdminApi({
      'GET /api/v1/admin/tournaments': { status: 200, body: { data: [makeTournament()] } },
      'GET /api/v1/admin/tournaments/7/round-windows': { status: 200, body: { data: [] } },
      'PUT /api/v1/admin/tournaments/7/round-windows/1': {
        status: 422,
        body: {
          message: 'The deadline must be after the opening.',
          errors: { deadline: ['The deadline must be after the opening.'] },
        },
      },
    });
    renderApp('/admin/competitions');
    fireEvent.click(await screen.findByRole('button', { name: 'Round windows of Spring Cup' }));
    const region = await screen.findByRole('region', { name: 'Round windows of Spring Cup' });
    fireEvent.change(within(region).getByLabelText('Opens'), { target: { value: '2030-01-05T18:00' } });
    fireEvent.change(within(region).getByLabelText('Deadline'), { target: { value: '2030-01-02T18:00' } });
    fireEvent.click(within(region).getByRole('button', { name: 'Save window' }));
    const message = await within(region).findByText('The deadline must be after the opening.');
    const deadline = within(region).getByLabelText('Deadline');
    expect(deadline.getAttribute('aria-invalid')).toBe('true');
    expect(deadline.getAttribute('aria-describedby')).toBe(message.id);
  });
});
