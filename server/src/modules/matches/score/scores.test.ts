import { STATUS } from '@versus/common/match/statuses';
import { canSubmitScoreAnswer } from '@versus/common/api/scores';
import { MATCH_TEXTS } from '@versus/common/match/match-texts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchMaps, notifications } from '../../../db/schema/index.ts';
import { approve, postScore, scoreForm, stage, statusOf } from '../testing.ts';
import { buildTestApp, expectAnswer, signIn, type TestApp, TestClient } from '../../../test/index.ts';

const DAY = 24 * 3_600_000;

describe('scores over the API', () => {
  let t: TestApp;
  let p1: TestClient; // red-dragons captain (challenger)
  let p2: TestClient; // red-dragons player
  let p6: TestClient; // northern-wolves captain (opponent)
  let p11: TestClient; // spectator
  let admin: TestClient;
  let anon: TestClient;

  beforeAll(async () => {
    t = await buildTestApp();
    p1 = await signIn(t.app, 'player1');
    p2 = await signIn(t.app, 'player2');
    p6 = await signIn(t.app, 'player6');
    p11 = await signIn(t.app, 'player11');
    admin = await signIn(t.app, 'admin');
    anon = new TestClient(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  const canSubmit = async (client: TestClient, id: number) =>
    expectAnswer(
      await client.get(`/api/v1/match-detail/score/${String(id)}/can-submit`),
      canSubmitScoreAnswer,
    ).data;

  it('offers the form with the log’s proposal to captains only', async () => {
    const id = await stage(t.app, 'in-progress');
    await t.app.db
      .update(matchMaps)
      .set({ logFirstScore: 11, logSecondScore: 13 })
      .where(eq(matchMaps.matchId, id));
    expect(await canSubmit(p1, id)).toEqual({
      canSubmit: true,
      buttonTitle: 'Submit score',
      popupTitle: 'Submit score: Red Dragons vs Northern Wolves',
    });
    for (const client of [p2, p11, anon]) expect((await canSubmit(client, id)).canSubmit).toBe(false);
    const form = await scoreForm(p1, id);
    expect(form).toMatchObject({
      teams: { challengerTeam: { tag: 'RDG' }, opponentTeam: { tag: 'NWV' } },
      scoreEnteredByUsername: null,
      canSubmitScore: true,
      canEditScore: false,
      canHandleScore: false,
    });
    expect(form.enteredScores).toEqual([
      {
        id: expect.any(Number) as number,
        mapName: expect.any(String) as string,
        firstScore: 11,
        secondScore: 13,
      },
    ]);
    expect((await scoreForm(anon, id)).canSubmitScore).toBe(false);
  });

  it('refuses signed-out users, spectators, players, bad sheets', async () => {
    const id = await stage(t.app, 'in-progress');
    const form = await scoreForm(p1, id);
    const mapRow = form.enteredScores[0]?.id ?? 0;
    expect((await postScore(anon, id, 13, 7, mapRow)).status).toBe(401);
    expect(await postScore(p11, id, 13, 7, mapRow)).toMatchObject({
      status: 403,
      body: { message: MATCH_TEXTS.scoreNotCaptain },
    });
    expect((await postScore(p2, id, 13, 7, mapRow)).status).toBe(403);
    // Ladders allow draws, but a map ends level only when every round was played (12–12).
    expect(await postScore(p1, id, 7, 7, mapRow)).toMatchObject({
      status: 422,
      body: { message: 'A map can end level only at 12–12.' },
    });
    expect(await postScore(p1, id, 13, 14, mapRow)).toMatchObject({
      status: 422,
      body: { message: 'Scores must be whole numbers from 0 to 13.' }, // cod4's max_map_score
    });
    expect((await postScore(p1, id, '13', 7, mapRow)).status).toBe(422);
    expect(await postScore(p1, id, 13, 7, mapRow + 9999)).toMatchObject({
      status: 422,
      body: { message: MATCH_TEXTS.scoreMapsMismatch },
    });
    expect((await p1.post(`/api/v1/match-detail/score/form/${String(id)}`, {})).status).toBe(422);
    expect(await statusOf(p1, id)).toBe(STATUS.inProgress);
    expect((await approve(p6, id, 1)).status).toBe(422);
  });

  it('enter → edit → the other side disapproves (both teams told) → enter → approve', async () => {
    const id = await stage(t.app, 'in-progress');
    expect(await postScore(p1, id, 13, 7)).toMatchObject({
      status: 200,
      body: { message: 'Match score was submitted successfully' },
    });
    expect(await statusOf(p1, id)).toBe(STATUS.scoreEntered);
    expect(await scoreForm(p1, id)).toMatchObject({
      scoreEnteredByUsername: 'player1',
      canSubmitScore: false,
      canEditScore: true,
      canHandleScore: false,
    });
    expect(await scoreForm(p6, id)).toMatchObject({ canEditScore: false, canHandleScore: true });
    expect((await canSubmit(p6, id)).buttonTitle).toBe('Approve score');
    expect((await canSubmit(p1, id)).buttonTitle).toBe('Edit score');
    expect(await postScore(p6, id, 7, 13)).toMatchObject({
      status: 403,
      body: { message: MATCH_TEXTS.scoreOtherTeamEntered },
    });
    expect((await postScore(p1, id, 13, 9)).status).toBe(200);
    expect((await scoreForm(p6, id)).enteredScores[0]).toMatchObject({ firstScore: 13, secondScore: 9 });

    expect((await approve(p1, id, 1)).status).toBe(403);
    expect((await approve(p11, id, 1)).status).toBe(403);
    expect((await approve(anon, id, 1)).status).toBe(401);
    expect((await approve(p6, id, 'yes')).status).toBe(422);
    expect(await approve(p6, id, 0)).toMatchObject({
      status: 200,
      body: { message: 'Match score was disapproved successfully' },
    });
    expect(await statusOf(p1, id)).toBe(STATUS.inProgress);
    const told = await t.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.type, 'score-disapproved')));
    expect(told.filter((n) => n.data.matchId === id)).toHaveLength(10);

    expect((await postScore(p6, id, 13, 2)).status).toBe(200);
    expect(await approve(p1, id, 1)).toMatchObject({
      status: 200,
      body: { message: 'Match score was approved successfully' },
    });
    expect(await statusOf(p1, id)).toBe(STATUS.finished);
    expect((await canSubmit(p1, id)).canSubmit).toBe(false);
    expect((await postScore(p1, id, 13, 2)).status).toBe(422);
  });

  it('an admin approves in place of the other captain', async () => {
    const id = await stage(t.app, 'score-entered');
    expect((await scoreForm(admin, id)).canHandleScore).toBe(true);
    expect((await approve(admin, id, true)).status).toBe(200);
    expect(await statusOf(p1, id)).toBe(STATUS.finished);
  });

  it('nobody answers: approved by the sweeper after 24 h, not before', async () => {
    const id = await stage(t.app, 'score-entered');
    await t.app.matchSweeper.sweepOnce(t.clock.advance(DAY - 1000));
    expect(await statusOf(p1, id)).toBe(STATUS.scoreEntered);
    await t.app.matchSweeper.sweepOnce(t.clock.advance(1000));
    expect(await statusOf(p1, id)).toBe(STATUS.finished);
    expect(t.published).toContainEqual(
      expect.objectContaining({ channel: `match-detail-update.${String(id)}`, event: 'MatchDetailUpdate' }),
    );
  });

  it('the approval delay is configurable', async () => {
    const short = await buildTestApp({
      database: t.database,
      clock: t.clock,
      env: { SCORE_APPROVAL_SECONDS: '60' },
    });
    try {
      const id = await stage(short.app, 'score-entered');
      await short.app.matchSweeper.sweepOnce(t.clock.advance(60_000));
      expect(await statusOf(await signIn(short.app, 'player1'), id)).toBe(STATUS.finished);
    } finally {
      await short.closeApp();
    }
  });
});
