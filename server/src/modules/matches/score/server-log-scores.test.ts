// The game server's log outranks a hand-entered score, over the API with a real (generated) log posted by
// the match's game server: no score while the map is in play, a score equal to the log's finishes the
// match, a different one waits for the other captain (both shown) and loses to the log at the deadline,
// and a dispute on it quotes both.
import { STATUS } from '@versus/common/match/statuses';
import { scoreNotWhole, scoreWhileMapLive } from '@versus/common/match/match-texts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchMaps, tickets } from '../../../db/schema/index.ts';
import { approve, postScore, postServerLog, scoreForm, stage, statusOf } from '../testing.ts';
import { buildTestApp, signIn, type TestApp, type TestClient } from '../../../test/index.ts';

const DAY = 24 * 3_600_000;

describe('a hand-entered score against the game server log', () => {
  let t: TestApp;
  let p1: TestClient; // red-dragons captain (challenger)
  let p6: TestClient; // northern-wolves captain (opponent)

  beforeAll(async () => {
    t = await buildTestApp();
    p1 = await signIn(t.app, 'player1');
    p6 = await signIn(t.app, 'player6');
  });
  afterAll(async () => {
    await t.close();
  });

  const enteredScore = async (matchId: number) => {
    const rows = await t.app.db.select().from(matchMaps).where(eq(matchMaps.matchId, matchId));
    const played = rows.find((r) => r.mapOrder !== null);
    return [played?.firstScore, played?.secondScore];
  };

  it('without a log the form shows none and the usual flow applies', async () => {
    const id = await stage(t.app, 'in-progress');
    expect((await scoreForm(p1, id)).serverLog).toBeNull();
    expect((await postScore(p1, id, 13, 7)).status).toBe(200);
    expect(await statusOf(p1, id)).toBe(STATUS.scoreEntered);
  });

  it('refuses a score while the log shows the map in play, until the log has been quiet for 10 minutes', async () => {
    const id = await stage(t.app, 'in-progress');
    const live = await postServerLog(t.app, id, {
      challengerRounds: 13,
      opponentRounds: 7,
      cutAfterRounds: 5,
    });
    expect(live.firstScore + live.secondScore).toBe(5);
    const form = await scoreForm(p1, id);
    expect(form.serverLog).toEqual({
      maps: [
        {
          id: form.enteredScores[0]?.id,
          mapName: live.mapName,
          firstScore: live.firstScore,
          secondScore: live.secondScore,
          live: true,
        },
      ],
      hasResult: false,
      differs: false,
    });
    expect(await postScore(p1, id, 13, 7)).toMatchObject({
      status: 422,
      body: { message: scoreWhileMapLive(live.mapName, live.firstScore, live.secondScore) },
    });
    expect(await statusOf(p1, id)).toBe(STATUS.inProgress);

    // A server that stopped writing (crashed, abandoned) no longer blocks the captains.
    t.clock.advance(10 * 60_000);
    expect((await scoreForm(p1, id)).serverLog?.maps[0]?.live).toBe(false);
    expect((await postScore(p1, id, 13, 7)).status).toBe(200);
    expect(await statusOf(p1, id)).toBe(STATUS.scoreEntered);
  });

  it('a score equal to the log’s finishes the match as the log’s', async () => {
    const id = await stage(t.app, 'in-progress');
    await postServerLog(t.app, id, { challengerRounds: 13, opponentRounds: 7 });
    const form = await scoreForm(p1, id);
    expect(form.serverLog).toMatchObject({ hasResult: true, differs: false, maps: [{ live: false }] });
    // The form proposes the log's score; bad numbers are still refused as such.
    expect(form.enteredScores[0]).toMatchObject({ firstScore: 13, secondScore: 7 });
    expect(await postScore(p1, id, 99, 7)).toMatchObject({
      status: 422,
      body: { message: scoreNotWhole(13) },
    });
    expect((await postScore(p1, id, -1, 7)).status).toBe(422);

    expect(await postScore(p1, id, 13, 7)).toMatchObject({
      status: 200,
      body: { message: 'Match score was submitted successfully' },
    });
    expect(await statusOf(p1, id)).toBe(STATUS.finished);
    expect(await enteredScore(id)).toEqual([13, 7]);
    expect(await scoreForm(p6, id)).toMatchObject({ scoreEnteredFromLog: true, canHandleScore: false });
  });

  it('a different score waits for the other captain, who sees both and may approve it', async () => {
    const id = await stage(t.app, 'in-progress');
    await postServerLog(t.app, id, { challengerRounds: 13, opponentRounds: 7 });
    expect((await postScore(p1, id, 13, 3)).status).toBe(200);
    expect(await statusOf(p1, id)).toBe(STATUS.scoreEntered);

    const form = await scoreForm(p6, id);
    expect(form).toMatchObject({
      scoreEnteredByUsername: 'player1',
      scoreEnteredFromLog: false,
      canHandleScore: true,
      serverLog: { hasResult: true, differs: true, maps: [{ firstScore: 13, secondScore: 7, live: false }] },
    });
    expect(form.enteredScores[0]).toMatchObject({ firstScore: 13, secondScore: 3 });

    expect((await approve(p6, id, 1)).status).toBe(200);
    expect(await statusOf(p1, id)).toBe(STATUS.finished);
    expect(await enteredScore(id)).toEqual([13, 3]);
  });

  it('a different score nobody answers loses to the log’s at the deadline', async () => {
    const id = await stage(t.app, 'in-progress');
    await postServerLog(t.app, id, { challengerRounds: 7, opponentRounds: 13 });
    expect((await postScore(p1, id, 13, 3)).status).toBe(200);
    await t.app.matchSweeper.sweepOnce(t.clock.advance(DAY - 1000));
    expect(await statusOf(p1, id)).toBe(STATUS.scoreEntered);
    await t.app.matchSweeper.sweepOnce(t.clock.advance(1000));
    expect(await statusOf(p1, id)).toBe(STATUS.finished);
    expect(await enteredScore(id)).toEqual([7, 13]);
    expect((await scoreForm(p1, id)).scoreEnteredFromLog).toBe(true);
  });

  it('a dispute on a different score carries both', async () => {
    const id = await stage(t.app, 'in-progress');
    const { mapName } = await postServerLog(t.app, id, { challengerRounds: 13, opponentRounds: 7 });
    expect((await postScore(p1, id, 13, 3)).status).toBe(200);
    const disputed = await p6.post(`/api/v1/match-detail/dispute/${String(id)}`, {
      description: 'The server says otherwise.',
    });
    expect(disputed.status).toBe(200);
    const [ticket] = await t.app.db.select().from(tickets).where(eq(tickets.matchId, id));
    expect(ticket?.description).toBe(
      `The server says otherwise.\n\nServer log: ${mapName} 13-7\nEntered by player1: ${mapName} 13-3`,
    );
  });
});

describe('the demo scenarios with a game server log', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('stage a map in play and a result not entered yet', async () => {
    const p1 = await signIn(t.app, 'player1');
    const live = await scoreForm(p1, await stage(t.app, 'server-log-live'));
    expect(live.serverLog).toMatchObject({ hasResult: false, maps: [{ live: true }] });
    const decided = await scoreForm(p1, await stage(t.app, 'server-log-result'));
    expect(decided.serverLog).toMatchObject({
      hasResult: true,
      differs: false,
      maps: [{ firstScore: 13, secondScore: 7, live: false }],
    });
  });
});
