import type { PickData } from '@versus/common/realtime';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, type FakeAnswer } from '@/testing/fake-api';
import { installFakeEcho } from '@/testing/fake-echo';
import { renderWithProviders } from '@/testing/render-with-providers';
import { PickModal } from './pick-modal';

const ok = (data: unknown): FakeAnswer => ({ status: 200, body: { data } });

function pug(overrides: Partial<PickData> = {}): PickData {
  const user = (id: number, teamId: number) => ({
    id,
    username: `player${id}`,
    image: null,
    color: null,
    backgroundColor: null,
    className: id === 3 ? 'Sniper' : null,
    elo: 1000 + id,
    teamId,
  });
  return {
    users: [user(1, 1), user(2, 2), user(3, -1), user(4, -1)],
    challengerTeamId: 1,
    opponentTeamId: 2,
    challengerUser: { id: 1, username: 'player1', color: null },
    opponentUser: { id: 2, username: 'player2', color: null },
    pickerTeamId: 1,
    timeRemaining: Math.floor(Date.now() / 1000) + 20,
    ...overrides,
  };
}

describe('the Player Picker', () => {
  it('opens in status 10 with the countdown, both teams and the pool, and picks a player', async () => {
    installFakeEcho();
    const { requests } = fakeApi({
      'GET /api/v1/pug/42/users': ok(pug()),
      'POST /api/v1/pug/42/select/3': {
        status: 200,
        body: { message: '<b>player3</b> was picked<img src=x onerror=alert(1)>' },
      },
    });
    renderWithProviders(<PickModal matchId={42} statusId={10} userId={1} />);
    const dialog = await screen.findByRole('dialog', { name: 'Player Picker' });
    expect(
      await within(dialog).findByText(/player1 is picking a player \| 1\d seconds remaining \.\.\./),
    ).toBeTruthy();
    expect(within(dialog).getByText('Selectable players')).toBeTruthy();
    expect(within(dialog).getByText('Click on the player you wish to select.')).toBeTruthy();
    expect(
      within(within(dialog).getByRole('region', { name: 'Team player1' })).getByText('player1'),
    ).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Select player3 (Sniper), rating 1003' }));
    const toast = await screen.findByText('was picked', { exact: false });
    expect(toast.closest('[role="alert"]')?.innerHTML).not.toContain('onerror');
    expect(requests.some((r) => r.method === 'post' && r.url === '/api/v1/pug/42/select/3')).toBe(true);
  });

  it("refuses a click by someone who is not a captain, or not on their turn, with the server's text and no request", async () => {
    installFakeEcho();
    const { requests } = fakeApi({ 'GET /api/v1/pug/42/users': ok(pug()) });
    const view = renderWithProviders(<PickModal matchId={42} statusId={10} userId={3} />);
    fireEvent.click(await screen.findByRole('button', { name: /Select player4/ }));
    expect(await screen.findByText('Only the captains can pick players.')).toBeTruthy();

    view.rerender(<PickModal matchId={42} statusId={10} userId={2} />);
    fireEvent.click(screen.getByRole('button', { name: /Select player4/ }));
    expect(await screen.findByText("It's not your turn to pick a player!")).toBeTruthy();
    expect(requests.some((r) => r.method === 'post')).toBe(false);
  });

  it('blocks picks while the auto picker runs and once picking is over, and applies the broadcast', async () => {
    const echo = installFakeEcho();
    const { requests } = fakeApi({
      'GET /api/v1/pug/42/users': ok(pug({ timeRemaining: Math.floor(Date.now() / 1000) - 1 })),
    });
    renderWithProviders(<PickModal matchId={42} statusId={10} userId={1} />);
    expect(await screen.findByText('Auto player picker in progress ...')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Select player4/ }));
    expect(requests.some((r) => r.method === 'post')).toBe(false);

    await waitFor(() => expect(echo.channels.has('match-player-picker.42')).toBe(true));
    act(() =>
      echo.channel('match-player-picker.42').emit('OnMatchPlayerPickerUpdate', {
        matchId: 42,
        pug: pug({ pickerTeamId: null, timeRemaining: null }),
      }),
    );
    expect(
      await screen.findByText('Auto player picker finished, waiting for the location voting to start ...'),
    ).toBeTruthy();
  });

  it('shows the server message or the fallback on a failed pick, closes on Escape and hides outside status 10', async () => {
    installFakeEcho();
    fakeApi({
      'GET /api/v1/pug/42/users': ok(pug()),
      'POST /api/v1/pug/42/select/3': { status: 422, body: { message: 'It is not your turn to pick!' } },
      'POST /api/v1/pug/42/select/4': { status: 500, body: '<html>' },
    });
    const view = renderWithProviders(<PickModal matchId={42} statusId={10} userId={1} />);
    const dialog = await screen.findByRole('dialog', { name: 'Player Picker' });
    fireEvent.click(await screen.findByRole('button', { name: /Select player3/ }));
    // In the dialog, above the pool, and as the spec's error toast.
    expect((await within(dialog).findByRole('alert')).textContent).toBe('It is not your turn to pick!');
    const toasts = () => [...document.querySelectorAll('.Toastify__toast')].map((t) => t.textContent);
    await waitFor(() => expect(toasts()).toContain('It is not your turn to pick!'));
    fireEvent.click(screen.getByRole('button', { name: /Select player4/ }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe(
        'Unknown error occured, please contact a system administrator.',
      ),
    );
    await waitFor(() =>
      expect(toasts()).toContain('Unknown error occured, please contact a system administrator.'),
    );

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Player Picker' }));
    expect(screen.getByRole('dialog', { name: 'Player Picker' })).toBeTruthy();

    view.rerender(<PickModal matchId={42} statusId={11} userId={1} />);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Player Picker' })).toBeNull();
  });
});
