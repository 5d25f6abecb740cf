import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser } from '@/testing/factories';
import { fakeApi } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';

const signedIn = () => fakeApi({ 'GET /api/v1/auth/me': { status: 200, body: { data: makeUser() } } });
const signedOut = () =>
  fakeApi({ 'GET /api/v1/auth/me': { status: 401, body: { message: 'Unauthenticated.' } } });

describe('Header', () => {
  it('offers Sign in and Register, and no panel toggles, to a signed-out visitor', async () => {
    signedOut();
    renderApp();

    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveProperty('pathname', '/login');
    expect(screen.getByRole('link', { name: 'Register' })).toHaveProperty('pathname', '/register');
    expect(screen.getByRole('link', { name: 'Versus' })).toHaveProperty('pathname', '/');
    expect(screen.queryByRole('button', { name: /My Servers/ })).toBeNull();
    expect(screen.queryByTestId('header-username')).toBeNull();
  });

  it('shows the username, Sign out and the three toggles with zero badges to a signed-in player', async () => {
    signedIn();
    renderApp();

    expect((await screen.findByTestId('header-username')).textContent).toBe('Soap');
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy();
    for (const label of ['My Servers', 'Active games', 'Notifications']) {
      const toggle = screen.getByRole('button', { name: `${label} 0` });
      expect(toggle.getAttribute('aria-expanded')).toBe('false');
    }
  });

  it('opens and closes each panel and keeps the state in localStorage', async () => {
    signedIn();
    renderApp();
    const servers = await screen.findByRole('button', { name: /My Servers/ });
    const matches = screen.getByRole('button', { name: /Active games/ });
    const notifications = screen.getByRole('button', { name: /Notifications/ });

    fireEvent.click(servers);
    expect(screen.getByRole('region', { name: 'My Servers' }).textContent).toBe('Coming soon!');
    expect(localStorage.getItem('showServers')).toBe('true');

    fireEvent.click(matches);
    fireEvent.click(notifications);
    expect(screen.getByRole('heading', { name: 'Active games' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Notifications' })).toBeTruthy();
    expect(localStorage.getItem('showMatches')).toBe('true');
    expect(localStorage.getItem('showNotifications')).toBe('true');

    fireEvent.click(servers);
    const notificationsPanel = screen.getByRole('region', { name: 'Notifications' });
    fireEvent.click(within(notificationsPanel).getByRole('button', { name: 'Close panel' }));
    expect(screen.queryByRole('region', { name: 'My Servers' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();
    expect(localStorage.getItem('showServers')).toBe('false');
    expect(localStorage.getItem('showNotifications')).toBe('false');
  });

  it('restores open panels on load', async () => {
    localStorage.setItem('showMatches', 'true');
    signedIn();
    renderApp();

    expect(await screen.findByRole('region', { name: 'Active games' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Active games/ }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();
  });

  it('closes the open panels when the user moves to another page, and stores them closed', async () => {
    localStorage.setItem('showNotifications', 'true');
    signedIn();
    const { router } = renderApp();
    expect(await screen.findByRole('region', { name: 'Notifications' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Active games/ }));
    expect(screen.getByRole('region', { name: 'Active games' })).toBeTruthy();

    await act(() => router.navigate('/ladders'));
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Active games' })).toBeNull();
    expect(screen.getByRole('button', { name: /Notifications/ }).getAttribute('aria-expanded')).toBe('false');
    expect(localStorage.getItem('showNotifications')).toBe('false');
    expect(localStorage.getItem('showMatches')).toBe('false');

    // Opened again on the new page, a panel stays open until the next move.
    fireEvent.click(screen.getByRole('button', { name: /Notifications/ }));
    expect(screen.getByRole('region', { name: 'Notifications' })).toBeTruthy();
  });
});
