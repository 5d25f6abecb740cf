import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser } from '@/testing/factories';
import { fakeApi } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';

const OLD = 'http://localhost:3000/api/v1/calendar/old-secret-0123456789.ics';
const NEW = 'http://localhost:3000/api/v1/calendar/new-secret-0123456789.ics';

describe('Calendar (settings)', () => {
  it('shows the private feed URL; Reset link shows the new one and says the old one stops working', async () => {
    const { requests } = fakeApi({
      'GET /api/v1/auth/me': { status: 200, body: { data: makeUser() } },
      'GET /api/v1/users/me/calendar': { status: 200, body: { data: { url: OLD } } },
      'POST /api/v1/users/me/calendar/reset': {
        status: 200,
        body: { message: 'Your calendar link was reset: the old link no longer works.', data: { url: NEW } },
      },
    });
    renderApp('/settings');

    expect((await screen.findByTestId('calendar-url')).textContent).toBe(OLD);
    fireEvent.click(screen.getByRole('button', { name: 'Reset link' }));
    expect(
      await screen.findByText('Your calendar link was reset: the old link no longer works.'),
    ).toBeTruthy();
    expect(screen.getByTestId('calendar-url').textContent).toBe(NEW);
    expect(requests.filter((r) => r.url === '/api/v1/users/me/calendar/reset')).toHaveLength(1);
  });

  it('shows a refused reset above its button', async () => {
    fakeApi({
      'GET /api/v1/auth/me': { status: 200, body: { data: makeUser() } },
      'GET /api/v1/users/me/calendar': { status: 200, body: { data: { url: OLD } } },
      'POST /api/v1/users/me/calendar/reset': { status: 429, body: { message: 'Too many requests.' } },
    });
    renderApp('/settings');

    await screen.findByTestId('calendar-url');
    fireEvent.click(screen.getByRole('button', { name: 'Reset link' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Too many requests.');
    expect(alert.nextElementSibling).toBe(screen.getByRole('button', { name: 'Reset link' }));
    expect(screen.getByTestId('calendar-url').textContent).toBe(OLD);
  });
});
