// Refusals shown where the user is looking: inside the dialog or card that sent the request, next to the
// spec's "An error has occurred: ..." toast.
import type { CanDispute } from '@versus/common/api/disputes';
import type { MatchLineups } from '@versus/common/api/matches';
import type { SubAccess, SubCandidates } from '@versus/common/api/subs';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, type FakeAnswer } from '@/testing/fake-api';
import { installFakeEcho } from '@/testing/fake-echo';
import { renderWithProviders } from '@/testing/render-with-providers';
import { DisputeControl } from './dispute/dispute-control';
import { LineupEditor } from './lineup/lineup-editor';
import { AddSub } from './subs/add-sub';

const ok = (data: unknown): FakeAnswer => ({ status: 200, body: { data } });
const invalid = (field: string, message: string): FakeAnswer => ({
  status: 422,
  body: { message, errors: { [field]: [message] } },
});

/** The toast reading exactly `text`. */
async function toast(text: string): Promise<Element | null> {
  return (await screen.findByText(text)).closest('.Toastify__toast');
}

describe('errors in the match dialogs', () => {
  it('Dispute: an empty or too long reason is said under the reason, the text kept, and toasted', async () => {
    installFakeEcho();
    const answers: FakeAnswer[] = [
      invalid('description', 'The description field is required.'),
      invalid('description', 'The description field must not be greater than 2000 characters.'),
      { status: 409, body: { message: 'This match can no longer be disputed.' } },
    ];
    fakeApi({
      'GET /api/v1/match-detail/dispute/42/can-dispute': ok({
        canDispute: true,
        ticket: null,
      } satisfies CanDispute),
      'POST /api/v1/match-detail/dispute/42': () => answers.shift() ?? { status: 500 },
    });
    renderWithProviders(<DisputeControl matchId={42} signedIn />);
    fireEvent.click(await screen.findByRole('button', { name: 'New Dispute' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dispute' });
    const reason = within(dialog).getByRole<HTMLTextAreaElement>('textbox', { name: 'Dispute reason' });
    const send = within(dialog).getByRole('button', { name: 'Open dispute' });

    fireEvent.click(send);
    await waitFor(() => expect(reason.getAttribute('aria-invalid')).toBe('true'));
    const [errorId, hintId] = (reason.getAttribute('aria-describedby') ?? '').split(' ');
    expect(document.getElementById(errorId ?? '')?.textContent).toBe('The description field is required.');
    expect(document.getElementById(hintId ?? '')?.textContent).toBe('Describe the reason of the dispute.');
    expect(await toast('An error has occurred: The description field is required.')).toBeTruthy();

    const long = 'x'.repeat(2001);
    fireEvent.change(reason, { target: { value: long } });
    fireEvent.click(send);
    expect(
      await within(dialog).findByText('The description field must not be greater than 2000 characters.'),
    ).toBeTruthy();
    expect(reason.value).toBe(long);

    // Not about the reason: in the dialog's own error block.
    fireEvent.change(reason, { target: { value: 'Wrong server settings' } });
    fireEvent.click(send);
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe('This match can no longer be disputed.');
    expect(reason.getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Dispute' })).toBe(dialog);
  });

  it('Add Sub: a refused sub is said in the dialog above the list, and toasted', async () => {
    installFakeEcho();
    fakeApi({
      'GET /api/v1/match-detail/sub/42/access': ok({ showButton: true } satisfies SubAccess),
      'GET /api/v1/match-detail/sub/42': {
        status: 200,
        body: {
          data: [{ id: 11, username: 'bench', formattedUsername: 'bench', image: null, flag: null }],
          meta: { replaceable: [{ id: 3, username: 'player3' }] },
        } satisfies SubCandidates,
      },
      'POST /api/v1/match-detail/sub/42/11': {
        status: 409,
        body: { message: 'bench is already playing another match.' },
      },
    });
    renderWithProviders(<AddSub matchId={42} signedIn />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add Sub' }));
    const dialog = await screen.findByRole('dialog', { name: 'Available Players' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Add bench' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe('bench is already playing another match.');
    expect(alert.compareDocumentPosition(within(dialog).getByRole('list'))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    expect(await toast('An error has occurred: bench is already playing another match.')).toBeTruthy();
  });

  it('Lineup: every message of a refused lineup shows above Save, and the spec toast', async () => {
    const lineups: MatchLineups = {
      teamSize: 2,
      challenger: { name: 'Red Dragons', size: 2, complete: false, players: [] },
      opponent: { name: 'Northern Wolves', size: 2, complete: true, players: [] },
      canEdit: true,
      side: 1,
      roster: [1, 2, 3].map((id) => ({
        id,
        username: `player${id}`,
        formattedUsername: `player${id}`,
        inLineup: false,
        inOtherLineup: false,
      })),
    };
    fakeApi({
      'GET /api/v1/match-detail/lineup/42': ok(lineups),
      'POST /api/v1/match-detail/lineup/42': {
        status: 422,
        body: {
          message: 'Choose exactly 2 players for your lineup. (and 1 more error)',
          errors: { lineup: ['Choose exactly 2 players for your lineup.', 'player9 is not on your team.'] },
        },
      },
    });
    renderWithProviders(<LineupEditor matchId={42} signedIn />);
    const form = await screen.findByRole('form', { name: 'Lineup' });
    fireEvent.click(within(form).getByRole('button', { name: 'Save lineup' }));
    const alert = await within(form).findByRole('alert');
    expect([...alert.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Choose exactly 2 players for your lineup.',
      'player9 is not on your team.',
    ]);
    expect(alert.nextElementSibling?.textContent).toBe('Save lineup');
    expect(
      await toast('An error has occurred: Choose exactly 2 players for your lineup. (and 1 more error)'),
    ).toBeTruthy();
  });
});
