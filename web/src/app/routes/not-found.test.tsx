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
});
