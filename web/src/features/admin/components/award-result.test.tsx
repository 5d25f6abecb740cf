import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AwardOptions } from '@versus/common/api/results';
import { describe, expect, it } from 'vitest';
import { fakeApi, type FakeAnswer } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/render-with-providers';
import { AwardResult } from './award-result';
import { STATUS } from '@versus/common/match/statuses';

const ok = (data: unknown): FakeAnswer => ({ status: 200, body: { data } });

const options = (overrides: Partial<AwardOptions> = {}): AwardOptions => ({
  matchId: 42,
  canAward: true,
  refusal: null,
  challenger: { name: 'Red Dragons' },
  opponent: { name: 'Northern Wolves' },
  drawsAllowed: false,
  maxMapScore: 13,
  maps: [{ id: 5, name: 'Crossfire', firstScore: 13, secondScore: 7 }],
  ...overrides,
});

async function openDialog() {
  fireEvent.click(screen.getByRole('button', { name: 'Award a result to match #42' }));
  return screen.findByRole('dialog', { name: 'Award a result: match #42' });
}

describe('Award result (admin)', () => {
  it('awards a walkover with its reason and says so', async () => {
    const { requests } = fakeApi({
      'GET /api/v1/admin/matches/42/award': ok(options()),
      'POST /api/v1/admin/matches/42/award': {
        status: 200,
        body: { message: 'The result was awarded successfully', data: { id: 42, statusId: STATUS.finished } },
      },
    });
    renderWithProviders(<AwardResult matchId={42} />);
    const dialog = await openDialog();
    const walkover = await within(dialog).findByLabelText('Walkover: Northern Wolves did not show');
    // A draw is offered only where the competition allows one; nothing is sent before a choice and a reason.
    expect(within(dialog).queryByLabelText('Draw')).toBeNull();
    const submit = within(dialog).getByRole('button', { name: 'Award result' });
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(walkover);
    expect(within(dialog).getByText('A walkover does not change ratings.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Reason (shown in the match room)'), {
      target: { value: 'Never joined the server' },
    });
    fireEvent.click(submit);
    expect(await screen.findByText('The result was awarded successfully')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const posted = requests.find((r) => r.method === 'post');
    expect(JSON.parse(String(posted?.data))).toEqual({
      kind: 'walkover',
      absent: 'opponent',
      reason: 'Never joined the server',
    });
  });

  it('sends a winner with the map scores when asked, and shows a refusal in the dialog', async () => {
    const { requests } = fakeApi({
      'GET /api/v1/admin/matches/42/award': ok(options({ drawsAllowed: true })),
      'POST /api/v1/admin/matches/42/award': {
        status: 422,
        body: {
          message: 'The map scores do not give the winner you chose.',
          errors: { validator: ['The map scores do not give the winner you chose.'] },
        },
      },
    });
    renderWithProviders(<AwardResult matchId={42} />);
    const dialog = await openDialog();
    expect(await within(dialog).findByLabelText('Draw')).toBeTruthy();
    fireEvent.click(within(dialog).getByLabelText('Northern Wolves won'));
    fireEvent.click(within(dialog).getByLabelText('Record the map scores'));
    // Prefilled with what the match knows (entered, or read from the server log).
    expect(within(dialog).getByLabelText<HTMLInputElement>('Crossfire: Red Dragons').value).toBe('13');
    fireEvent.change(within(dialog).getByLabelText('Reason (shown in the match room)'), {
      target: { value: 'Server crashed' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Award result' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'The map scores do not give the winner you chose.',
    );
    const posted = requests.find((r) => r.method === 'post');
    expect(JSON.parse(String(posted?.data))).toEqual({
      kind: 'result',
      winner: 'opponent',
      reason: 'Server crashed',
      scores: [{ id: 5, firstScore: 13, secondScore: 7 }],
    });
  });

  it('says why a match can take no award', async () => {
    fakeApi({
      'GET /api/v1/admin/matches/42/award': ok(
        options({ canAward: false, refusal: 'This match is disputed: settle it from its dispute ticket.' }),
      ),
    });
    renderWithProviders(<AwardResult matchId={42} />);
    const dialog = await openDialog();
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'This match is disputed: settle it from its dispute ticket.',
    );
  });
});
