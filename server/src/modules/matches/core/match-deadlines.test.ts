import { matchDetailAnswer } from '@versus/common/api/matches';
import { STATUS } from '@versus/common/match/statuses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approve, postScore, stage } from '../testing.ts';
import { buildTestApp, expectAnswer, signIn, type TestApp, type TestClient } from '../../../test/index.ts';

// The match-detail answer carries the ready check's and the score approval's deadlines: the room's phase bar
// counts them down (the veto, pick and vote clocks come with their own answers).
describe('match-detail deadlines', () => {
  let t: TestApp;
  let p1: TestClient;
  let p6: TestClient;

  beforeAll(async () => {
    t = await buildTestApp();
    p1 = await signIn(t.app, 'player1');
    p6 = await signIn(t.app, 'player6');
  });
  afterAll(async () => {
    await t.close();
  });

  const detail = async (client: TestClient, id: number) =>
    expectAnswer(await client.get(`/api/v1/match-detail/${String(id)}`), matchDetailAnswer).data;

  it('the ready check: its deadline (ready seconds after it opened), null once it is over', async () => {
    const opened = t.clock.time;
    const id = await stage(t.app, 'tournament-ready');
    const ready = await detail(p1, id);
    expect(ready.statusId).toBe(STATUS.readyUp);
    expect(ready.readyDeadline).toBe(new Date(opened + 10 * 60_000).toISOString());
    expect(ready.scoreApprovalDeadline).toBeNull();
    // Nobody readies up: the sweeper cancels the match at the deadline, and the clock is gone.
    await t.app.matchSweeper.sweepOnce(t.clock.advance(10 * 60_000));
    const over = await detail(p1, id);
    expect(over.statusId).toBe(STATUS.cancelled);
    expect(over.readyDeadline).toBeNull();
  });

  it('the score approval: its deadline after the score is entered, null once approved', async () => {
    const id = await stage(t.app, 'in-progress');
    expect((await detail(p1, id)).scoreApprovalDeadline).toBeNull();
    const entered = t.clock.time;
    expect((await postScore(p1, id, 10, 5)).status).toBe(200);
    const waiting = await detail(p6, id);
    expect(waiting.statusId).toBe(STATUS.scoreEntered);
    expect(waiting.scoreApprovalDeadline).toBe(new Date(entered + 24 * 3_600_000).toISOString());
    expect(waiting.readyDeadline).toBeNull();
    expect((await approve(p6, id, true)).status).toBe(200);
    const done = await detail(p6, id);
    expect(done.statusId).toBe(STATUS.finished);
    expect(done.scoreApprovalDeadline).toBeNull();
  });
});
