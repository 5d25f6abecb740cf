import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser } from '@/testing/factories';
import { fakeApi, type FakeAnswer } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';

function signInAnswers(login: FakeAnswer) {
  return fakeApi({
    'GET /api/v1/auth/me': { status: 401, body: { message: 'Unauthenticated.' } },
    'POST /api/v1/auth/login': login,
  });
}

async function submit(username: string, password: string) {
  fireEvent.change(await screen.findByLabelText('Username'), { target: { value: username } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('LoginForm', () => {
  it('shows the server message under the field a 422 names', async () => {
    signInAnswers({
      status: 422,
      body: {
        message: 'The given data was invalid.',
        errors: { username: ['These credentials do not match.'] },
      },
    });
    renderApp('/login');

    await submit('soap', 'wrong-password');

    const username = screen.getByLabelText('Username');
    await waitFor(() => expect(username.getAttribute('aria-invalid')).toBe('true'));
    const errorId = username.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(errorId)?.textContent).toBe('These credentials do not match.');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a 429 message in the form, above its button, and no toast', async () => {
    signInAnswers({ status: 429, body: { message: 'Too many attempts. Try again in 60 seconds.' } });
    renderApp('/login');

    await submit('soap', 'whatever');

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Too many attempts. Try again in 60 seconds.');
    expect(alert.closest('form')).toBe(screen.getByRole('button', { name: 'Sign in' }).closest('form'));
    expect(alert.nextElementSibling).toBe(screen.getByRole('button', { name: 'Sign in' }));
    expect(document.querySelector('.Toastify__toast')).toBeNull();
  });

  it('shows a 422 naming no field of the form in the form', async () => {
    signInAnswers({
      status: 422,
      body: { message: 'The given data was invalid.', errors: { body: ['The request body is malformed.'] } },
    });
    renderApp('/login');

    await submit('soap', 'whatever');

    expect((await screen.findByRole('alert')).textContent).toBe('The request body is malformed.');
    expect(screen.getByLabelText('Username').getAttribute('aria-invalid')).toBeNull();
  });

  it('signs in, sends the credentials, goes home and shows the username', async () => {
    const { requests } = signInAnswers({ status: 200, body: { data: makeUser({ username: 'Price' }) } });
    const { router } = renderApp('/login');

    await submit('Price', 'correct horse');

    expect((await screen.findByTestId('header-username')).textContent).toBe('Price');
    expect(router.state.location.pathname).toBe('/');
    const login = requests.find((r) => r.url === '/api/v1/auth/login');
    expect(JSON.parse(String(login?.data))).toEqual({ username: 'Price', password: 'correct horse' });
  });
});
