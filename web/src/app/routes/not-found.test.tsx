import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';

describe('NotFoundRoute', () => {
  it('answers any unknown path inside the normal layout', async () => {
    fakeApi({ 'GET /api/v1/auth/me': { status: 401, body: { message: 'Unauthenticated.' } } });
    renderApp('/no/such/page');

    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Versus' })).toBeTruthy();
  });

  it.each([
    ['/tournaments/x%00y', 'GET /api/v1/tournaments/x%00y', 'This tournament does not exist.'],
    ['/team/nobody', 'GET /api/v1/teams/nobody', 'This team does not exist.'],
    ['/ladders/nothing', 'GET /api/v1/ladders/nothing', 'This ladder does not exist.'],
  ])('shows the same page at %s when the API knows nothing there', async (path, request, text) => {
    fakeApi({
      'GET /api/v1/auth/me': { status: 401, body: { message: 'Unauthenticated.' } },
      [request]: { status: 404, body: { message: 'Not found.' } },
    });
    renderApp(path);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByText(text)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toBeTruthy();
  });
});
