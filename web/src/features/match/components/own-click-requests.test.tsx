// The clicking tab makes no refetch: the server skips its own veto and pick broadcasts and answers the
// command with what changed, which the tab puts in its cache (docs/realtime.md).
import type { PickData } from '@versus/common/realtime';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser } from '@/testing/factories';
import { fakeApi, type FakeAnswer } from '@/testing/fake-api';
import { installFakeEcho } from '@/testing/fake-echo';
import { makeActions, makeMatchDetail, makeVetoMap, makeVetoMatch } from '@/testing/match-factories';
import { renderApp } from '@/testing/render-app';

const ok = (data: unknown): FakeAnswer => ({ status: 200, body: { data } });

/** Waits until the page has asked everything it asks on its own (no new request for 100 ms). */
async function settled(requests: readonly unknown[]): Promise<void> {
  let seen = -1;
  while (seen !== requests.length) {
    seen = requests.length;
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
  }
}

function stage(routes: Record<string, FakeAnswer>, statusId: 2 | 10 = 2) {
  return fakeApi({
    'GET /api/v1/auth/me': ok(makeUser({ id: 6, username: 'player6' })),
    'GET /api/v1/match-detail/42': ok(makeMatchDetail({ statusId })),
    'GET /api/v1/match-detail/status/42/actions': ok(makeActions()),
    'GET /api/v1/match/42': ok(makeVetoMatch({ statusId }, Date.now() / 1000)),
    'GET /api/v1/chat/42': ok([]),
    ...routes,
  });
}

/** The veto match after player6 banned Crossfire. */
function afterBan() {
  const match = makeVetoMatch({ vetoDetail: { userId: 1, teamId: 11, step: 'ban' } }, Date.now() / 1000);
  match.maps[1] = makeVetoMap(1, { removedByTeamId: 12, removedByTeamName: 'Northern Wolves', mapIndex: 1 });
  return match;
}

function pickData(pool: number[]): PickData {
  const user = (id: number, teamId: number) => ({
    id,
    username: `player${id}`,
    image: null,
    color: null,
    backgroundColor: null,
    className: null,
    elo: 1000 + id,
    teamId,
  });
  return {
    users: [user(1, 1), user(6, 2), ...pool.map((id) => user(id, -1))],
    challengerTeamId: 1,
    opponentTeamId: 2,
    challengerUser: { id: 1, username: 'player1', color: null },
    opponentUser: { id: 6, username: 'player6', color: null },
    pickerTeamId: 2,
    timeRemaining: Math.floor(Date.now() / 1000) + 20,
  };
}

describe("the clicking captain's own requests", () => {
  it('a map click is the only request: the answer replaces the veto match', async () => {
    installFakeEcho();
    const { requests } = stage({
      'POST /api/v1/match/42/map/2': ok(afterBan()),
    });
    renderApp('/match/42');
    const crossfire = await screen.findByRole('button', { name: 'Crossfire (mp_crossfire)' });
    await settled(requests);

    const before = requests.length;
    fireEvent.click(crossfire);
    expect(await screen.findByText('Crossfire - selected successfully.')).toBeTruthy();
    expect(await screen.findByText('1st ban by Northern Wolves (player6)')).toBeTruthy();
    await settled(requests);
    expect(requests.slice(before).map((r) => `${r.method ?? ''} ${r.url ?? ''}`)).toEqual([
      'post /api/v1/match/42/map/2',
    ]);
  });

  it('without the match in the answer (an older server) only the veto match is refetched', async () => {
    installFakeEcho();
    const { requests } = stage({
      'POST /api/v1/match/42/map/2': { status: 200, body: { message: 'Crossfire - selected successfully.' } },
    });
    renderApp('/match/42');
    const crossfire = await screen.findByRole('button', { name: 'Crossfire (mp_crossfire)' });
    await settled(requests);

    const before = requests.length;
    fireEvent.click(crossfire);
    expect(await screen.findByText('Crossfire - selected successfully.')).toBeTruthy();
    await settled(requests);
    expect(requests.slice(before).map((r) => `${r.method ?? ''} ${r.url ?? ''}`)).toEqual([
      'post /api/v1/match/42/map/2',
      'get /api/v1/match/42',
    ]);
  });

  it('a pick is the only request: the answer replaces the pick data', async () => {
    installFakeEcho();
    const { requests } = stage(
      {
        'GET /api/v1/pug/42/users': ok(pickData([3, 4, 5])),
        'POST /api/v1/pug/42/select/3': {
          status: 200,
          body: { message: '<b>player3</b> was picked successfully.', data: pickData([4, 5]) },
        },
      },
      10,
    );
    renderApp('/match/42');
    const dialog = await screen.findByRole('dialog', { name: 'Player Picker' });
    const player3 = await within(dialog).findByRole('button', { name: /Select player3/ });
    await settled(requests);

    const before = requests.length;
    fireEvent.click(player3);
    expect(await screen.findByText('was picked successfully.', { exact: false })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: /Select player3/ })).toBeNull();
    await settled(requests);
    expect(requests.slice(before).map((r) => `${r.method ?? ''} ${r.url ?? ''}`)).toEqual([
      'post /api/v1/pug/42/select/3',
    ]);
  });
});
