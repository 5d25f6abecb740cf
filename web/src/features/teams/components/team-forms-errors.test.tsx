// The team forms say a refusal in the form: a 422's messages under their fields, anything else above or
// beside the button, and no error toast.
import type { MapPreferencesAnswer } from '@versus/common/api/teams';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/render-with-providers';
import { CreateTeamForm } from './create-team-form';
import { InviteForm } from './invite-form';
import { MapPreferences } from './map-preferences';

const noToast = () => expect(document.querySelector('.Toastify__toast')).toBeNull();

describe('errors in the team forms', () => {
  it('Create team: a taken name under the name, the team limit above the button', async () => {
    const answers = [
      {
        status: 422,
        body: {
          message: 'The name has already been taken.',
          errors: { name: ['The name has already been taken.'] },
        },
      },
      { status: 409, body: { message: 'You already captain a team.' } },
    ];
    fakeApi({ 'POST /api/v1/teams': () => answers.shift() ?? { status: 500 } });
    renderWithProviders(<CreateTeamForm onCreated={() => undefined} />);
    fireEvent.change(screen.getByLabelText('Team name'), { target: { value: 'Red Dragons' } });
    fireEvent.change(screen.getByLabelText('Tag'), { target: { value: 'RDG' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create team' }));

    const name = screen.getByLabelText('Team name');
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(name.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'The name has already been taken.',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Create team' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('You already captain a team.');
    expect(alert.nextElementSibling).toBe(screen.getByRole('button', { name: 'Create team' }));
    expect(name.getAttribute('aria-invalid')).toBeNull();
    noToast();
  });

  it('Invite: an unknown player under the username, a refusal for the team beside the button', async () => {
    const answers = [
      {
        status: 422,
        body: {
          message: 'There is no player named ghost.',
          errors: { username: ['There is no player named ghost.'] },
        },
      },
      { status: 403, body: { message: 'Only the captain can invite players.' } },
    ];
    fakeApi({ 'POST /api/v1/teams/red-dragons/invitations': () => answers.shift() ?? { status: 500 } });
    renderWithProviders(<InviteForm slug="red-dragons" />);
    const username = screen.getByLabelText('Invite a player by username');
    fireEvent.change(username, { target: { value: 'ghost' } });
    fireEvent.click(screen.getByRole('button', { name: 'Invite' }));
    await waitFor(() => expect(username.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('There is no player named ghost.').className).toBe('field-error');

    fireEvent.click(screen.getByRole('button', { name: 'Invite' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Only the captain can invite players.');
    noToast();
  });

  it('Map preferences: a refused save above the buttons', async () => {
    const preferences: MapPreferencesAnswer['data'] = {
      canEdit: true,
      pools: [
        {
          mapPoolId: 3,
          name: 'Promod',
          competitions: ['5v5 Ladder'],
          maps: [{ id: 1, name: 'Crash', nameCmd: 'mp_crash' }],
          ban: [],
          pick: [],
        },
      ],
    };
    fakeApi({
      'GET /api/v1/teams/red-dragons/map-preferences': { status: 200, body: { data: preferences } },
      'PUT /api/v1/teams/red-dragons/map-preferences/3': {
        status: 422,
        body: {
          message: 'A map cannot be both banned and picked.',
          errors: { ban: ['A map cannot be both banned and picked.'] },
        },
      },
    });
    renderWithProviders(<MapPreferences slug="red-dragons" />);
    const group = await screen.findByRole('group', { name: 'Map preferences for Promod' });
    fireEvent.click(within(group).getByRole('button', { name: 'Ban Crash' }));
    fireEvent.click(within(group).getByRole('button', { name: 'Save map preferences' }));
    expect((await within(group).findByRole('alert')).textContent).toBe(
      'A map cannot be both banned and picked.',
    );
    noToast();
  });
});
