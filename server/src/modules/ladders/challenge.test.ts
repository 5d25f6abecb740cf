import { challengeAnswer } from '@versus/common/api/ladders';
import {
  commandAnswer,
  matchDetailAnswer,
  statusActionsAnswer,
  vetoMatchAnswer,
} from '@versus/common/api/matches';
import { MATCH_TEXTS } from '@versus/common/match/match-texts';
import { STATUS } from '@versus/common/match/statuses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  cancelMatchesInPlay,
  expectAnswer,
  ladderId,
  teamIdOf,
  type TestApp,
  type TestClient,
} from '../../test/index.ts';
import { CHALLENGE_TEXTS } from './challenge.service.ts';

// Demo world: red-dragons (captain player1), northern-wolves (player6), silent-vipers (player11),
// iron-phantoms (player16), all on the one ladder.
describe('ladder challenge flow', () => {
  let t: TestApp;
  let ladder: number;
  let teams: Record<string, number>;
  let p1: TestClient;
  let p6: TestClient;
  let p11: TestClient;
  let p16: TestClient;
  let p2: TestClient;

  beforeAll(async () => {
    t = await buildTestApp();
    ladder = await ladderId(t.app);
    teams = {
      red: await teamIdOf(t.app, 'red-dragons'),
      wolves: await teamIdOf(t.app, 'northern-wolves'),
      vipers: await teamIdOf(t.app, 'silent-vipers'),
      phantoms: await teamIdOf(t.app, 'iron-phantoms'),
    };
    p1 = await t.signIn('player1');
    p6 = await t.signIn('player6');
    p11 = await t.signIn('player11');
    p16 = await t.signIn('player16');
    p2 = await t.signIn('player2');
  });
  afterAll(async () => {
    await t.close();
  });

  const challenge = (client: TestClient, body: unknown) =>
    client.post(`/api/v1/ladders/${String(ladder)}/challenges`, body);
  /** A challenge that is created (201); its match id. */
  const challenged = async (client: TestClient, body: unknown) =>
    expectAnswer(await challenge(client, body), challengeAnswer, 201).data.id;

  it('creates a challenge in status 1 and notifies the other captain', async () => {
    const res = await challenge(p1, { opponentTeamId: teams.wolves, bestOf: 3 });
    const { id, statusId } = expectAnswer(res, challengeAnswer, 201).data;
    expect(statusId).toBe(STATUS.challenge);
    const note = t.published.find((p) => p.event === 'OnNotificationReceived');
    expect(note?.channel).toMatch(/^private-notification\.\d+$/);
    expect(JSON.stringify(note?.payload)).toContain(`/match/${String(id)}`);

    const { data } = expectAnswer(await p6.get(`/api/v1/match-detail/${String(id)}`), matchDetailAnswer);
    expect(data).toMatchObject({ statusId: STATUS.challenge, bestOf: 3 });
    expect(data.teams.opponent.side).toBe('Team A');
    expect(data.teams.opponent.players).toHaveLength(5);

    const actions = await p6.get(`/api/v1/match-detail/status/${String(id)}/actions`);
    expect(expectAnswer(actions, statusActionsAnswer).data).toEqual({
      canSetReady: false,
      canSetUnready: false,
      canDeclineMatch: true,
      canCancelMatch: false,
      canAcceptMatch: true,
      blockedReason: null,
    });
    const mine = await p1.get(`/api/v1/match-detail/status/${String(id)}/actions`);
    expect(expectAnswer(mine, statusActionsAnswer).data).toMatchObject({
      canCancelMatch: true,
      canAcceptMatch: false,
    });
  });

  it('refuses bad challenges with the right status and text', async () => {
    expect((await t.client().post(`/api/v1/ladders/${String(ladder)}/challenges`, {})).status).toBe(401);
    const notCaptain = await challenge(p2, { opponentTeamId: teams.vipers });
    expect(notCaptain).toMatchObject({ status: 403, body: { message: CHALLENGE_TEXTS.notCaptain } });
    const own = await challenge(p1, { opponentTeamId: teams.red });
    expect(own).toMatchObject({
      status: 422,
      body: { errors: { opponentTeamId: [CHALLENGE_TEXTS.ownTeam] } },
    });
    const open = await challenge(p6, { opponentTeamId: teams.red });
    expect(open).toMatchObject({
      status: 422,
      body: { errors: { opponentTeamId: [CHALLENGE_TEXTS.alreadyOpen] } },
    });
    const badBestOf = await challenge(p1, { opponentTeamId: teams.vipers, bestOf: 2 });
    expect(badBestOf.status).toBe(422);
    const unknownTeam = await challenge(p1, { opponentTeamId: 99999 });
    expect(unknownTeam).toMatchObject({
      status: 422,
      body: { errors: { opponentTeamId: [CHALLENGE_TEXTS.notOnLadder] } },
    });
    const missing = await p1.post('/api/v1/ladders/9999/challenges', { opponentTeamId: teams.vipers });
    expect(missing.status).toBe(404);
  });

  it('accepts: only the challenged captain; with no start date the veto starts at once', async () => {
    const id = await challenged(p11, { opponentTeamId: teams.phantoms });
    const byChallenger = await p11.post(`/api/v1/match-detail/status/${String(id)}/accept`);
    expect(byChallenger).toMatchObject({
      status: 403,
      body: { message: MATCH_TEXTS.challengeNotOpponentCaptain },
    });
    expectAnswer(await p16.post(`/api/v1/match-detail/status/${String(id)}/accept`), commandAnswer);
    const { data } = expectAnswer(await p16.get(`/api/v1/match/${String(id)}`), vetoMatchAnswer);
    expect(data.statusId).toBe(STATUS.mapVeto);
    expect(data.maps).toHaveLength(7);
    expect(data.vetoDetail?.step).toBe('ban');
    expect(data.timeRemaining).toBe(Math.ceil((t.clock.now() + 30_000) / 1000));
    expect(
      t.published.some((p) => p.channel === `match-map-veto.${String(id)}` && p.event === 'OnMatchMapChange'),
    ).toBe(true);
    const again = await p16.post(`/api/v1/match-detail/status/${String(id)}/accept`);
    expect(again).toMatchObject({
      status: 422,
      body: { errors: { validator: [MATCH_TEXTS.challengeNotPending] } },
    });
  });

  it('accept with a later start date waits in 3 until the sweeper starts the veto', async () => {
    await cancelMatchesInPlay(t.app); // the vipers played the match above: one match at a time
    const start = new Date(t.clock.now() + 3_600_000).toISOString();
    const id = await challenged(p1, { opponentTeamId: teams.vipers, startDate: start });
    await p11.post(`/api/v1/match-detail/status/${String(id)}/accept`);
    const before = await p1.get(`/api/v1/match-detail/${String(id)}`);
    expect(expectAnswer(before, matchDetailAnswer).data.statusId).toBe(STATUS.scheduled);
    await t.app.matchSweeper.sweepOnce(t.clock.now() + 3_600_000);
    const after = await p1.get(`/api/v1/match/${String(id)}`);
    expect(expectAnswer(after, vetoMatchAnswer).data.statusId).toBe(STATUS.mapVeto);
  });

  it('declines (challenged captain) and cancels (challenger captain) with the texts', async () => {
    const firstId = await challenged(p16, { opponentTeamId: teams.red });
    const stranger = await p2.post(`/api/v1/match-detail/status/${String(firstId)}/cancel`);
    expect(stranger).toMatchObject({ status: 403, body: { message: MATCH_TEXTS.cancelNotAllowed } });
    const declined = await p1.post(`/api/v1/match-detail/status/${String(firstId)}/cancel`);
    expect(expectAnswer(declined, commandAnswer)).toEqual({ message: 'Match was cancelled successfully' });
    expect(t.published.some((p) => p.channel === `match-detail-on-cancelled.${String(firstId)}`)).toBe(true);
    const twice = await p1.post(`/api/v1/match-detail/status/${String(firstId)}/cancel`);
    expect(twice).toMatchObject({ status: 422, body: { message: MATCH_TEXTS.cancelFinal } });

    const secondId = await challenged(p16, { opponentTeamId: teams.red });
    const cancelled = await p16.post(`/api/v1/match-detail/status/${String(secondId)}/cancel`);
    expect(cancelled.status).toBe(200);
    const detail = await p16.get(`/api/v1/match-detail/${String(secondId)}`);
    expect(expectAnswer(detail, matchDetailAnswer).data.statusId).toBe(STATUS.cancelled);
  });

  it('answers 404 for unknown matches and 401 for signed-out commands', async () => {
    expect((await p1.get('/api/v1/match/999999')).status).toBe(404);
    expect((await p1.get('/api/v1/match/abc')).status).toBe(404);
    expect((await t.client().post('/api/v1/match-detail/status/1/cancel')).status).toBe(401);
  });
});
