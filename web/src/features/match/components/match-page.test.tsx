import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser } from '@/testing/factories';
import { fakeApi, type FakeAnswer } from '@/testing/fake-api';
import { installFakeEcho } from '@/testing/fake-echo';
import { makeActions, makeMatchDetail, makeVetoMap, makeVetoMatch } from '@/testing/match-factories';
import { renderApp } from '@/testing/render-app';
import { STATUS } from '@versus/common/match/statuses';

const ok = (data: unknown): FakeAnswer => ({ status: 200, body: { data } });

function stage(routes: Record<string, FakeAnswer> = {}, userId = 6) {
  const now = Date.now() / 1000;
  return fakeApi({
    'GET /api/v1/auth/me': ok(makeUser({ id: userId, username: `player${userId}` })),
    'GET /api/v1/match-detail/42': ok(makeMatchDetail()),
    'GET /api/v1/match-detail/status/42/actions': ok(makeActions()),
    'GET /api/v1/match/42': ok(makeVetoMatch({}, now)),
    'GET /api/v1/chat/42': ok([]),
    ...routes,
  });
}

describe('the match page', () => {
  it('shows teams, tiles, score header and maps, asking each resource once', async () => {
    installFakeEcho();
    const { requests } = stage();
    renderApp('/match/42');

    const challenger = await screen.findByRole('region', { name: 'Challenger: Red Dragons' });
    expect(within(challenger).getByRole('link', { name: 'View Red Dragons' }).getAttribute('href')).toBe(
      '/team/red-dragons',
    );
    const player = within(challenger).getByRole('link', { name: 'player1' });
    expect(player.getAttribute('href')).toBe('/user/player1');
    expect(player.innerHTML).not.toContain('onerror');
    expect(within(challenger).getByText('Veteran')).toBeTruthy();
    expect(
      within(challenger)
        .getByRole('link', { name: /Config of player1/ })
        .getAttribute('target'),
    ).toBe('_blank');
    const opponent = screen.getByRole('region', { name: 'Opponent: Northern Wolves' });
    expect(within(opponent).getByText('No players selected at the moment.')).toBeTruthy();
    expect(screen.getByText('5 vs 5').previousSibling?.textContent).toBe('Versus');
    expect(screen.getByText('Map selection').nextSibling?.textContent).toBe('Best of 3 (map veto)');
    expect(screen.getByRole('link', { name: 'Demo Ladder' })).toBeTruthy();
    expect(screen.getByText('+12')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Crash (mp_crash)' })).toBeTruthy();
    expect(screen.getByText(/NWV player6 is removing a map \| \d+ seconds remaining \.\.\./)).toBeTruthy();

    const gets = requests.filter((r) => r.method === 'get').map((r) => r.url);
    expect(new Set(gets).size).toBe(gets.length);
  });

  it('shows sides for solo-queue, ready states in a tournament ready check, and hides ratings when over', async () => {
    installFakeEcho();
    const solo = makeMatchDetail({ type: 'solo-queue', statusId: STATUS.inProgress });
    stage({ 'GET /api/v1/match-detail/42': ok(solo) });
    const { unmount } = renderApp('/match/42');
    expect(await screen.findByRole('heading', { name: 'Red Dragons (Team B)' })).toBeTruthy();
    expect(screen.getAllByText('Rating: 1150')).toHaveLength(2);
    unmount();

    stage({ 'GET /api/v1/match-detail/42': ok({ ...solo, statusId: STATUS.finished }) });
    const finished = renderApp('/match/42');
    await screen.findByRole('heading', { name: 'Red Dragons (Team B)' });
    expect(screen.queryByText(/Rating:/)).toBeNull();
    finished.unmount();

    const tournament = makeMatchDetail({ type: 'tournament', statusId: STATUS.readyUp });
    tournament.teams.challenger.ready = true;
    stage({ 'GET /api/v1/match-detail/42': ok(tournament) });
    renderApp('/match/42');
    expect(await screen.findByRole('heading', { name: 'Red Dragons READY' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Northern Wolves NOT READY' })).toBeTruthy();
  });

  it('runs the status buttons with the spec toasts', async () => {
    installFakeEcho();
    stage({
      'GET /api/v1/match-detail/status/42/actions': ok(
        makeActions({ canSetReady: true, canCancelMatch: true }),
      ),
      'POST /api/v1/match-detail/status/42/ready/1': { status: 200, body: { message: 'x' } },
      'POST /api/v1/match-detail/status/42/cancel': { status: 403, body: { message: 'Not allowed.' } },
    });
    renderApp('/match/42');

    fireEvent.click(await screen.findByRole('button', { name: 'Ready' }));
    expect(await screen.findByText('Match has been set to ready')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    // Cancel asks first: going back calls nothing, confirming calls the command.
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel this match?' });
    // Focus moves to the safe choice once the dialog has opened (the page may still be rendering its panels).
    await waitFor(() => expect(document.activeElement?.textContent).toBe('No, go back'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'No, go back' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes, end the match' }));
    expect(await screen.findByText('An error has occurred: Not allowed.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Not ready' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Decline' })).toBeNull();
  });

  it('checks a map click before calling, and reports success and failure', async () => {
    installFakeEcho();
    const now = Date.now() / 1000;
    const taken = makeVetoMap(0, { removedByTeamId: 11, removedByTeamName: 'Red Dragons', mapIndex: 1 });
    const match = makeVetoMatch({ maps: [taken, makeVetoMap(1), makeVetoMap(2)] }, now);
    const { requests } = stage({
      'GET /api/v1/match/42': ok(match),
      'POST /api/v1/match/42/map/2': { status: 200, body: { message: 'Crossfire - selected successfully.' } },
      'POST /api/v1/match/42/map/3': {
        status: 422,
        body: { message: 'x', errors: { validator: ['First problem.', 'Second problem.'] } },
      },
    });
    renderApp('/match/42');

    fireEvent.click(await screen.findByRole('button', { name: 'Crash (mp_crash)' }));
    expect(await screen.findByText('Crash - is already picked/banned!')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Crossfire (mp_crossfire)' }));
    expect(await screen.findByText('Crossfire - selected successfully.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'District (mp_citystreets)' }));
    const error = await screen.findByText(/^Error\(s\):/);
    expect(error.textContent).toBe('Error(s):\nFirst problem.\nSecond problem.');
    expect(requests.filter((r) => r.method === 'post').map((r) => r.url)).toEqual([
      '/api/v1/match/42/map/2',
      '/api/v1/match/42/map/3',
    ]);
  });

  it('refuses clicks of a spectator and of the captain off turn without calling the server', async () => {
    installFakeEcho();
    const { requests } = stage({}, 1);
    renderApp('/match/42');
    fireEvent.click(await screen.findByRole('button', { name: 'Crash (mp_crash)' }));
    expect(await screen.findByText("It's not your turn to pick/ban!")).toBeTruthy();
    expect(requests.some((r) => r.method === 'post')).toBe(false);
  });

  it('ignores clicks while the auto-veto runs', async () => {
    installFakeEcho();
    const { requests } = stage({ 'GET /api/v1/match/42': ok(makeVetoMatch({ timeRemaining: null })) });
    renderApp('/match/42');
    expect(await screen.findByText('Auto-Veto is starting ...')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Crash (mp_crash)' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests.some((r) => r.method === 'post')).toBe(false);
    expect(screen.queryByText("It's not your turn to pick/ban!")).toBeNull();
  });

  it('applies broadcasts: a veto move replaces the match, a detail update refetches every widget', async () => {
    const echo = installFakeEcho();
    const { requests } = stage();
    renderApp('/match/42');
    await screen.findByRole('button', { name: 'Crash (mp_crash)' });
    await waitFor(() => expect(echo.channels.has('match-map-veto.42')).toBe(true));

    const moved = makeVetoMatch({}, Date.now() / 1000);
    moved.maps[0] = makeVetoMap(0, {
      removedByTeamId: 12,
      removedByTeamName: 'Northern Wolves',
      mapIndex: 1,
    });
    act(() => echo.channel('match-map-veto.42').emit('OnMatchMapChange', { match: moved }));
    expect(await screen.findByText('1st ban by Northern Wolves (player6)')).toBeTruthy();

    const before = requests.length;
    act(() => echo.channel('match-detail-update.42').emit('MatchDetailUpdate', { matchId: 42 }));
    await waitFor(() =>
      expect(requests.slice(before).map((r) => r.url)).toEqual(
        expect.arrayContaining([
          '/api/v1/match-detail/42',
          '/api/v1/match-detail/status/42/actions',
          '/api/v1/match/42',
          '/api/v1/match-detail/players/42',
          '/api/v1/match-detail/score/42/can-submit',
        ]),
      ),
    );
    // Each widget refetched once.
    const again = requests.slice(before).map((r) => r.url);
    expect(new Set(again).size).toBe(again.length);
  });

  /** A `MatchDetailUpdate` as the server sends it after a change: the match went in progress. */
  function inProgressUpdate() {
    const detail = makeMatchDetail({ statusId: STATUS.inProgress, canType: false });
    detail.information.statusName = 'In progress';
    return {
      matchId: 42,
      detail,
      veto: makeVetoMatch({ statusId: STATUS.inProgress }, Date.now() / 1000),
      participantIds: [1, 6],
      changed: ['statistics' as const],
    };
  }

  it("updates a spectator's room from the event, refetching only what it names; everything after a reconnect", async () => {
    const echo = installFakeEcho();
    const { requests } = stage(
      { 'GET /api/v1/match-detail/42': ok(makeMatchDetail({ canType: false })) },
      20,
    );
    renderApp('/match/42');
    expect(await screen.findByText('Map veto')).toBeTruthy();
    await waitFor(() => expect(echo.channels.has('match-detail-update.42')).toBe(true));
    const channel = echo.channel('match-detail-update.42');
    act(() => channel.succeed()); // subscribed: the page's own load counts as its first state
    // Every panel has loaded (the second, deferred render asks for the rest of the room).
    await waitFor(() =>
      expect(requests.map((r) => r.url)).toEqual(
        expect.arrayContaining(['/api/v1/match-detail/players/42', '/api/v1/match-detail/statistics/42']),
      ),
    );

    const before = requests.length;
    act(() => channel.emit('MatchDetailUpdate', inProgressUpdate()));
    expect((await screen.findAllByText('In progress')).length).toBeGreaterThan(0);
    await waitFor(() =>
      expect(requests.slice(before).map((r) => r.url)).toContain('/api/v1/match-detail/statistics/42'),
    );
    const asked = requests.slice(before).map((r) => r.url);
    expect(asked).not.toContain('/api/v1/match-detail/42');
    expect(asked).not.toContain('/api/v1/match-detail/status/42/actions');
    expect(asked).not.toContain('/api/v1/match/42');
    expect(asked).not.toContain('/api/v1/match-detail/players/42');

    // Its game server changed (allocated, moved, back online, a kick): only the server box is read again.
    await waitFor(() => expect(requests.map((r) => r.url)).toContain('/api/v1/match/42/server'));
    const serverAt = requests.length;
    act(() => channel.emit('MatchDetailUpdate', { ...inProgressUpdate(), changed: ['server' as const] }));
    await waitFor(() =>
      expect(requests.slice(serverAt).map((r) => r.url)).toContain('/api/v1/match/42/server'),
    );
    expect(requests.slice(serverAt).map((r) => r.url)).toEqual(['/api/v1/match/42/server']);

    // A captain proposed or agreed a start time: only the schedule panel is read again.
    const scheduleAt = requests.length;
    act(() => channel.emit('MatchDetailUpdate', { ...inProgressUpdate(), changed: ['schedule' as const] }));
    await waitFor(() =>
      expect(requests.slice(scheduleAt).map((r) => r.url)).toContain('/api/v1/match-detail/schedule/42'),
    );
    expect(requests.slice(scheduleAt).map((r) => r.url)).toEqual(['/api/v1/match-detail/schedule/42']);

    // An update too large for one event leaves the veto match out: that one is read again.
    const trimmed = requests.length;
    const { veto: _veto, ...withoutVeto } = inProgressUpdate();
    act(() => channel.emit('MatchDetailUpdate', withoutVeto));
    await waitFor(() => expect(requests.slice(trimmed).map((r) => r.url)).toContain('/api/v1/match/42'));
    expect(requests.slice(trimmed).map((r) => r.url)).not.toContain('/api/v1/match-detail/42');

    // The socket dropped and came back: events may have been missed, so the whole room is read again.
    const reconnected = requests.length;
    act(() => channel.succeed());
    await waitFor(() =>
      expect(requests.slice(reconnected).map((r) => r.url)).toEqual(
        expect.arrayContaining([
          '/api/v1/match-detail/42',
          '/api/v1/match-detail/status/42/actions',
          '/api/v1/match/42',
          '/api/v1/match-detail/players/42',
        ]),
      ),
    );
  });

  it("refetches a player's room on the same event, whatever it carries", async () => {
    const echo = installFakeEcho();
    const { requests } = stage({}, 1);
    renderApp('/match/42');
    expect(await screen.findByText('Map veto')).toBeTruthy();
    await waitFor(() => expect(echo.channels.has('match-detail-update.42')).toBe(true));

    const before = requests.length;
    act(() => echo.channel('match-detail-update.42').emit('MatchDetailUpdate', inProgressUpdate()));
    await waitFor(() =>
      expect(requests.slice(before).map((r) => r.url)).toEqual(
        expect.arrayContaining([
          '/api/v1/match-detail/42',
          '/api/v1/match-detail/status/42/actions',
          '/api/v1/match/42',
          '/api/v1/match-detail/score/42/can-submit',
        ]),
      ),
    );
  });
});
