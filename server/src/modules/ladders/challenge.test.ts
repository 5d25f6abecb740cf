import { MATCH_TEXTS } from '@versus/common/match/match-texts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../test/app.ts';
import { createEngineTestApp, ladderId, signIn, teamIdOf } from '../matches/test-support.ts';
import type { EngineTestApp } from '../matches/test-support.ts';
import { CHALLENGE_TEXTS } from './challenge.service.ts';

// Demo world: red-dragons (captain player1), northern-wolves (player6), silent-vipers (player11),
// iron-phantoms (player16), all on the one ladder.
describe('ladder challenge flow', () => {
  let t: EngineTestApp;
  let ladder: number;
  let teams: Record<string, number>;
  let p1: TestClient;
  let p6: TestClient;
  let p11: TestClient;
  let p16: TestClient;
  let p2: TestClient;

  beforeAll(async () => {
    t = await createEngineTestApp();
    ladder = await ladderId(t.app);
    teams = {
      red: await teamIdOf(t.app, 'red-dragons'),
      wolves: await teamIdOf(t.app, 'northern-wolves'),
      vipers: await teamIdOf(t.app, 'silent-vipers'),
      phantoms: await teamIdOf(t.app, 'iron-phantoms'),
    };
    p1 = await signIn(t.app, 'player1');
    p6 = await signIn(t.app, 'player6');
    p11 = await signIn(t.app, 'player11');
    p16 = await signIn(t.app, 'player16');
    p2 = await signIn(t.app, 'player2');
  });
  afterAll(async () => {
    await t.close();
  });

  const challenge = (client: TestClient, body: unknown) =>
    client.post(`/api/v1/ladders/${String(ladder)}/challenges`, body);

  it('creates a challenge in status 1 and notifies the other captain', async () => {
    const res = await challenge(p1, { opponentTeamId: teams.wolves, bestOf: 3 });
    expect(res.status).toBe(201);
    const { id, statusId } = (res.body as { data: { id: number; statusId: number } }).data;
    expect(statusId).toBe(1);
    const note = t.published.find((p) => p.event === 'OnNotificationReceived');
    expect(note?.channel).toMatch(/^private-notification\.\d+$/);
    expect(JSON.stringify(note?.payload)).toContain(`/match/${String(id)}`);

    const detail = await p6.get(`/api/v1/match-detail/${String(id)}`);
    expect(detail.status).toBe(200);
    const data = (
      detail.body as {
        data: { statusId: number; bestOf: number; teams: { opponent: { side: string; players: unknown[] } } };
      }
    ).data;
    expect(data).toMatchObject({ statusId: 1, bestOf: 3 });
    expect(data.teams.opponent.side).toBe('Team A');
    expect(data.teams.opponent.players).toHaveLength(5);

    const actions = await p6.get(`/api/v1/match-detail/status/${String(id)}/actions`);
    expect((actions.body as { data: unknown }).data).toEqual({
      canSetReady: false,
      canSetUnready: false,
      canDeclineMatch: true,
      canCancelMatch: false,
      canAcceptMatch: true,
    });
    const mine = await p1.get(`/api/v1/match-detail/status/${String(id)}/actions`);
    expect((mine.body as { data: unknown }).data).toMatchObject({
      canCancelMatch: true,
      canAcceptMatch: false,
    });
  });

  it('refuses bad challenges with the right status and text', async () => {
    expect(
      (await new TestClient(t.app).post(`/api/v1/ladders/${String(ladder)}/challenges`, {})).status,
    ).toBe(401);
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
    const res = await challenge(p11, { opponentTeamId: teams.phantoms });
    const id = (res.body as { data: { id: number } }).data.id;
    const byChallenger = await p11.post(`/api/v1/match-detail/status/${String(id)}/accept`);
    expect(byChallenger).toMatchObject({
      status: 403,
      body: { message: MATCH_TEXTS.challengeNotOpponentCaptain },
    });
    expect((await p16.post(`/api/v1/match-detail/status/${String(id)}/accept`)).status).toBe(200);
    const match = await p16.get(`/api/v1/match/${String(id)}`);
    const data = (
      match.body as {
        data: {
          statusId: number;
          timeRemaining: number;
          maps: unknown[];
          vetoDetail: { userId: number; step: string };
        };
      }
    ).data;
    expect(data.statusId).toBe(2);
    expect(data.maps).toHaveLength(7);
    expect(data.vetoDetail.step).toBe('ban');
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
    const start = new Date(t.clock.now() + 3_600_000).toISOString();
    const res = await challenge(p1, { opponentTeamId: teams.vipers, startDate: start });
    const id = (res.body as { data: { id: number } }).data.id;
    await p11.post(`/api/v1/match-detail/status/${String(id)}/accept`);
    const before = await p1.get(`/api/v1/match-detail/${String(id)}`);
    expect((before.body as { data: { statusId: number } }).data.statusId).toBe(3);
    await t.app.matchSweeper.sweepOnce(t.clock.now() + 3_600_000);
    const after = await p1.get(`/api/v1/match/${String(id)}`);
    expect((after.body as { data: { statusId: number } }).data.statusId).toBe(2);
  });

  it('declines (challenged captain) and cancels (challenger captain) with the texts', async () => {
    const first = await challenge(p16, { opponentTeamId: teams.red });
    const firstId = (first.body as { data: { id: number } }).data.id;
    const stranger = await p2.post(`/api/v1/match-detail/status/${String(firstId)}/cancel`);
    expect(stranger).toMatchObject({ status: 403, body: { message: MATCH_TEXTS.cancelNotAllowed } });
    const declined = await p1.post(`/api/v1/match-detail/status/${String(firstId)}/cancel`);
    expect(declined).toMatchObject({ status: 200, body: { message: 'Match was cancelled successfully' } });
    expect(t.published.some((p) => p.channel === `match-detail-on-cancelled.${String(firstId)}`)).toBe(true);
    const twice = await p1.post(`/api/v1/match-detail/status/${String(firstId)}/cancel`);
    expect(twice).toMatchObject({ status: 422, body: { message: MATCH_TEXTS.cancelFinal } });

    const second = await challenge(p16, { opponentTeamId: teams.red });
    const secondId = (second.body as { data: { id: number } }).data.id;
    const cancelled = await p16.post(`/api/v1/match-detail/status/${String(secondId)}/cancel`);
    expect(cancelled.status).toBe(200);
    const detail = await p16.get(`/api/v1/match-detail/${String(secondId)}`);
    expect((detail.body as { data: { statusId: number } }).data.statusId).toBe(7);
  });

  it('answers 404 for unknown matches and 401 for signed-out commands', async () => {
    expect((await p1.get('/api/v1/match/999999')).status).toBe(404);
    expect((await p1.get('/api/v1/match/abc')).status).toBe(404);
    expect((await new TestClient(t.app).post('/api/v1/match-detail/status/1/cancel')).status).toBe(401);
  });
});
