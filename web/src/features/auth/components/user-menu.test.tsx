import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser } from '@/testing/factories';
import { fakeApi } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';

describe('UserMenu', () => {
  it('signs out, forgets the user and goes to /login', async () => {
    const { requests } = fakeApi({
      'GET /api/v1/auth/me': { status: 200, body: { data: makeUser() } },
      'POST /api/v1/auth/logout': { status: 204 },
    });
    const { router } = renderApp('/');

    fireEvent.click(await screen.findByRole('button', { name: 'Sign out' }));

    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeTruthy();
    expect(screen.queryByTestId('header-username')).toBeNull();
    // The sign-in page is its own chunk, so the navigation ends once it loaded.
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(requests.filter((r) => r.url === '/api/v1/auth/logout')).toHaveLength(1);
  });

  it('shows a failed sign-out as an error toast and stays signed in', async () => {
    fakeApi({
      'GET /api/v1/auth/me': { status: 200, body: { data: makeUser() } },
      'POST /api/v1/auth/logout': { status: 500, body: { message: 'Server error' } },
    });
    renderApp('/');

    fireEvent.click(await screen.findByRole('button', { name: 'Sign out' }));

    expect((await screen.findByRole('alert')).textContent).toContain('Server error');
    expect(screen.getByTestId('header-username').textContent).toBe('Soap');
  });
});
