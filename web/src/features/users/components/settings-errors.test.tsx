// The settings forms say a refusal where the user is looking: a 422's messages under their fields, anything
// else (too many attempts, a taken id, a failure) in the form above its button, and no error toast.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser } from '@/testing/factories';
import { fakeApi, type FakeAnswer } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';

function settingsAnswers(routes: Parameters<typeof fakeApi>[0]) {
  return fakeApi({
    'GET /api/v1/auth/me': { status: 200, body: { data: makeUser() } },
    'GET /api/v1/users/me/player-ids': { status: 200, body: { data: [] } },
    'GET /api/v1/anticheat/token': { status: 200, body: { data: { hasToken: false } } },
    ...routes,
  });
}

const form = (name: string) => screen.findByRole('form', { name });
const noToast = () => expect(document.querySelector('.Toastify__toast')).toBeNull();

describe('errors in the settings forms', () => {
  it('Password: a 422 under its field, a 429 above the button, a mismatch under the repeat', async () => {
    let answer: FakeAnswer = {
      status: 422,
      body: {
        message: 'The current password is incorrect.',
        errors: { currentPassword: ['The current password is incorrect.'] },
      },
    };
    settingsAnswers({ 'POST /api/v1/users/me/password': () => answer });
    renderApp('/settings');
    const password = await form('Password');
    const fill = (label: string, value: string) =>
      fireEvent.change(within(password).getByLabelText(label), { target: { value } });
    fill('Current password', 'wrong');
    fill('New password', 'a new long secret');
    fill('Repeat the new password', 'a new long secret');
    fireEvent.click(within(password).getByRole('button', { name: 'Change password' }));

    const current = within(password).getByLabelText('Current password');
    await waitFor(() => expect(current.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(current.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'The current password is incorrect.',
    );
    expect(within(password).queryByRole('alert')).toBeNull();

    answer = { status: 429, body: { message: 'Too many requests. Please try again in 60 seconds.' } };
    fireEvent.click(within(password).getByRole('button', { name: 'Change password' }));
    const alert = await within(password).findByRole('alert');
    expect(alert.textContent).toBe('Too many requests. Please try again in 60 seconds.');
    expect(alert.nextElementSibling).toBe(within(password).getByRole('button', { name: 'Change password' }));
    expect(current.getAttribute('aria-invalid')).toBeNull();
    noToast();

    fill('Repeat the new password', 'something else');
    fireEvent.click(within(password).getByRole('button', { name: 'Change password' }));
    expect(await within(password).findByText('The passwords do not match.')).toBeTruthy();
    expect(within(password).queryByRole('alert')).toBeNull();
  });

  it('Player id: a taken id (409) in the form, a bad one under the field', async () => {
    let answer: FakeAnswer = {
      status: 409,
      body: { message: 'This player id is bound to another account.' },
    };
    settingsAnswers({ 'PUT /api/v1/users/me/player-ids/cod4': () => answer });
    renderApp('/settings');
    const playerId = await form('CoD4x player id');
    fireEvent.change(within(playerId).getByLabelText('Player id'), { target: { value: '[U:1:1]' } });
    fireEvent.click(within(playerId).getByRole('button', { name: 'Save player id' }));
    expect((await within(playerId).findByRole('alert')).textContent).toBe(
      'This player id is bound to another account.',
    );
    noToast();

    answer = {
      status: 422,
      body: { message: 'Not a CoD4x player id.', errors: { playerId: ['Not a CoD4x player id.'] } },
    };
    fireEvent.click(within(playerId).getByRole('button', { name: 'Save player id' }));
    await waitFor(() => expect(within(playerId).queryByRole('alert')).toBeNull());
    expect(within(playerId).getByText('Not a CoD4x player id.').className).toBe('field-error');
  });

  it('Anticheat token: a refused renewal above the button', async () => {
    settingsAnswers({
      'POST /api/v1/anticheat/token': { status: 429, body: { message: 'Too many requests.' } },
    });
    renderApp('/settings');
    const section = await screen.findByRole('region', { name: 'Anticheat token' });
    fireEvent.click(within(section).getByRole('button', { name: 'Create token' }));
    expect((await within(section).findByRole('alert')).textContent).toBe('Too many requests.');
    noToast();
  });
});
