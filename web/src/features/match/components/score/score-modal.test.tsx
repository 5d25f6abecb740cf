import { fireEvent, screen, within } from '@testing-library/react';
import type { CanSubmitScore, ScoreForm } from '@versus/common/api/scores';
import { describe, expect, it } from 'vitest';
import { fakeApi, type FakeAnswer } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/render-with-providers';
import { SubmitScore } from './submit-score';

const ok = (data: unknown): FakeAnswer => ({ status: 200, body: { data } });

const baseForm: ScoreForm = {
  teams: { challengerTeam: { tag: 'RDG' }, opponentTeam: { tag: 'NWV' } },
  enteredScores: [{ id: 5, mapName: 'Crash', firstScore: 13, secondScore: 3 }],
  scoreEnteredByUsername: null,
  scoreEnteredFromLog: false,
  serverLog: null,
  canSubmitScore: false,
  canEditScore: false,
  canHandleScore: false,
};

async function openDialog(buttonTitle: CanSubmitScore['buttonTitle'], form: ScoreForm, post?: FakeAnswer) {
  const { requests } = fakeApi({
    'GET /api/v1/match-detail/score/42/can-submit': ok({
      canSubmit: true,
      buttonTitle,
      popupTitle: `${buttonTitle}: Red Dragons vs Northern Wolves`,
    } satisfies CanSubmitScore),
    'GET /api/v1/match-detail/score/form/42': ok(form),
    ...(post ? { 'POST /api/v1/match-detail/score/form/42': post } : {}),
  });
  renderWithProviders(<SubmitScore matchId={42} signedIn />);
  fireEvent.click(await screen.findByRole('button', { name: buttonTitle }));
  const dialog = await screen.findByRole('dialog', {
    name: `${buttonTitle}: Red Dragons vs Northern Wolves`,
  });
  await within(dialog).findByRole('table');
  return { dialog, requests };
}

describe('the score dialog beside the game server log', () => {
  it('the approving captain sees the server log and the entered score side by side', async () => {
    const { dialog } = await openDialog('Approve score', {
      ...baseForm,
      scoreEnteredByUsername: 'player1',
      serverLog: {
        maps: [{ id: 5, mapName: 'Crash', firstScore: 13, secondScore: 7, live: false }],
        hasResult: true,
        differs: true,
      },
      canHandleScore: true,
    });
    expect(within(dialog).getByRole('columnheader', { name: 'Server log' })).toBeTruthy();
    expect(within(dialog).getByRole('cell', { name: '13-7' })).toBeTruthy();
    const note = within(dialog).getByRole('note', { name: 'Server log and entered score' });
    expect(within(note).getByText('Server log: 13-7, entered: 13-3')).toBeTruthy();
    expect(within(dialog).getByText('Score entered by player1')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Approve Score' })).toBeTruthy();
  });

  it('a refused score shows the server’s reason inside the dialog, which stays open', async () => {
    const refusal =
      'Crash is still being played on the game server (server log: 4-1). Enter the score when the map has ended.';
    const { dialog } = await openDialog(
      'Submit score',
      {
        ...baseForm,
        enteredScores: [{ id: 5, mapName: 'Crash', firstScore: 4, secondScore: 1 }],
        serverLog: {
          maps: [{ id: 5, mapName: 'Crash', firstScore: 4, secondScore: 1, live: true }],
          hasResult: false,
          differs: false,
        },
        canSubmitScore: true,
      },
      { status: 422, body: { message: refusal, errors: { validator: [refusal] } } },
    );
    expect(within(dialog).getByRole('cell', { name: '4-1 (in play)' })).toBeTruthy();
    expect(within(dialog).getByText(/Crash is being played on the game server/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe(`An error has occurred: ${refusal}`);
    expect(screen.getByRole('dialog')).toBe(dialog);
  });

  it('without a log the dialog has no server column', async () => {
    const { dialog } = await openDialog('Submit score', { ...baseForm, canSubmitScore: true });
    expect(within(dialog).queryByRole('columnheader', { name: 'Server log' })).toBeNull();
    expect(within(dialog).queryByRole('note')).toBeNull();
  });
});
