import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser } from '@/testing/factories';
import { fakeApi, type FakeAnswer } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';

function registerAnswers(register: FakeAnswer) {
  return fakeApi({
    'GET /api/v1/auth/me': { status: 401, body: { message: 'Unauthenticated.' } },
    'POST /api/v1/auth/register': register,
  });
}

async function submit() {
  fireEvent.change(await screen.findByLabelText('Username'), { target: { value: 'Ghost' } });
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ghost@example.com' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'long enough secret' } });
  fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
}

describe('RegisterForm', () => {
  it('shows each field error the server sends', async () => {
    registerAnswers({
      status: 422,
      body: {
        message: 'The given data was invalid.',
        errors: { username: ['The username has already been taken.'], email: ['The email must be valid.'] },
      },
    });
    renderApp('/register');

    await submit();

    expect(await screen.findByText('The username has already been taken.')).toBeTruthy();
    expect(screen.getByText('The email must be valid.')).toBeTruthy();
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBeNull();
  });

  it('registers, which signs the player in, and greets them on the home page', async () => {
    registerAnswers({ status: 201, body: { data: makeUser({ username: 'Ghost' }) } });
    const { router } = renderApp('/register');

    await submit();

    expect((await screen.findByTestId('header-username')).textContent).toBe('Ghost');
    expect(router.state.location.pathname).toBe('/');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Welcome, Ghost');
  });
});
