import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser } from '@/testing/factories';
import { fakeApi } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';

describe('Sign out everywhere (settings)', () => {
  it('ends every session, forgets the user and goes to /login', async () => {
    const { requests } = fakeApi({
      'GET /api/v1/auth/me': { status: 200, body: { data: makeUser() } },
      'POST /api/v1/auth/logout-everywhere': { status: 204 },
    });
    const { router } = renderApp('/settings');

    fireEvent.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));

    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeTruthy();
    expect(screen.queryByTestId('header-username')).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(requests.filter((r) => r.url === '/api/v1/auth/logout-everywhere')).toHaveLength(1);
  });

  it('shows a failure in the panel, above its button, and stays signed in', async () => {
    fakeApi({
      'GET /api/v1/auth/me': { status: 200, body: { data: makeUser() } },
      'POST /api/v1/auth/logout-everywhere': { status: 500, body: { message: 'Server error' } },
    });
    renderApp('/settings');

    fireEvent.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Server error');
    expect(alert.nextElementSibling).toBe(screen.getByRole('button', { name: 'Sign out everywhere' }));
    expect(screen.getByTestId('header-username').textContent).toBe('Soap');
  });
});
