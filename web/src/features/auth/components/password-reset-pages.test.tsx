import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, type FakeAnswer } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';

const signedOut = { status: 401, body: { message: 'Unauthenticated.' } };

function resetAnswers(reset: FakeAnswer) {
  return fakeApi({ 'GET /api/v1/auth/me': signedOut, 'POST /api/v1/auth/reset-password': reset });
}

async function choose(password: string, confirmation = password) {
  fireEvent.change(await screen.findByLabelText('New password'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: confirmation } });
  fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
}

describe('forgot password', () => {
  it('is linked from the sign-in page and shows the answer in place of the form', async () => {
    const { requests } = fakeApi({
      'GET /api/v1/auth/me': signedOut,
      'POST /api/v1/auth/forgot-password': { status: 202, body: { message: 'If an account matches, ...' } },
    });
    const { router } = renderApp('/login');
    fireEvent.click(await screen.findByRole('link', { name: 'Forgot your password?' }));
    fireEvent.change(await screen.findByLabelText('Email or username'), { target: { value: ' soap ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect((await screen.findByRole('status')).textContent).toBe('If an account matches, ...');
    expect(router.state.location.pathname).toBe('/forgot-password');
    const sent = requests.find((r) => r.url === '/api/v1/auth/forgot-password');
    expect(JSON.parse(String(sent?.data))).toEqual({ emailOrUsername: 'soap' });
  });

  it('says a refusal (too many requests) next to the form', async () => {
    fakeApi({
      'GET /api/v1/auth/me': signedOut,
      'POST /api/v1/auth/forgot-password': {
        status: 429,
        body: { message: 'Too many password reset requests.' },
      },
    });
    renderApp('/forgot-password');
    fireEvent.change(await screen.findByLabelText('Email or username'), { target: { value: 'soap' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many password reset requests.');
    expect(screen.getByRole('button', { name: 'Send reset link' })).toBeTruthy();
  });
});

describe('reset password', () => {
  it("sends the link's token with the new password, then asks to sign in", async () => {
    const { requests } = resetAnswers({ status: 200, body: { message: 'Your password has been reset.' } });
    const { router } = renderApp('/reset-password?token=abc_DEF-123');
    await choose('a-new-password');

    expect((await screen.findByRole('status')).textContent).toBe('Your password has been reset.');
    expect(router.state.location.pathname).toBe('/login');
    const sent = requests.find((r) => r.url === '/api/v1/auth/reset-password');
    expect(JSON.parse(String(sent?.data))).toEqual({ token: 'abc_DEF-123', password: 'a-new-password' });
  });

  it('refuses two different passwords without asking the server', async () => {
    const { requests } = resetAnswers({ status: 200, body: { message: 'done' } });
    renderApp('/reset-password?token=abc');
    await choose('a-new-password', 'another-password');
    expect(await screen.findByText('The two passwords do not match.')).toBeTruthy();
    expect(requests.some((r) => r.url === '/api/v1/auth/reset-password')).toBe(false);
  });

  it('says in place that a link was used, with a way to ask for a new one', async () => {
    resetAnswers({
      status: 422,
      body: {
        message: 'This password reset link has already been used.',
        errors: { token: ['This password reset link has already been used.'] },
      },
    });
    renderApp('/reset-password?token=abc');
    await choose('a-new-password');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This password reset link has already been used.');
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe(
        '/forgot-password',
      ),
    );
  });

  it('without a token, points to where a link is asked for', async () => {
    fakeApi({ 'GET /api/v1/auth/me': signedOut });
    renderApp('/reset-password');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'needs the link from the password reset mail',
    );
  });
});
