// Around the match room (docs/match-room.md): the challenged captain may back out of a scheduled match (the
// other captain is told), "See dispute" only for those who may open the ticket, scenarios stage through the
// players' commands (a staged challenge notifies), and `npm run scenario` lists the server's names.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { canDisputeAnswer } from '@versus/common/api/disputes';
import { challengeAnswer } from '@versus/common/api/ladders';
import { statusActionsAnswer } from '@versus/common/api/matches';
import { messageAnswer } from '@versus/common/api/primitives';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, users } from '../../db/schema/index.ts';
import { buildTestApp, expectAnswer, ladderId, teamIdOf } from '../../test/index.ts';
import type { TestApp, TestClient } from '../../test/index.ts';
import { ALL_SCENARIO_NAMES, stageScenario } from './index.ts';

const run = promisify(execFile);

describe('backing out of a scheduled match, the ticket link, and scenarios played as players play', () => {
  let t: TestApp;
  let p1: TestClient;
  let p16: TestClient;

  beforeAll(async () => {
    t = await buildTestApp();
    p1 = await t.signIn('player1');
    p16 = await t.signIn('player16');
  });
  afterAll(async () => {
    await t.close();
  });

  const idOf = async (username: string) =>
    (await t.app.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]?.id ?? 0;
  const notes = async (username: string, type: string) =>
    t.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, await idOf(username)), eq(notifications.type, type)));

  it('the challenged captain cancels a scheduled match before the veto; the challenger is notified', async () => {
    const start = new Date(t.clock.now() + 3_600_000).toISOString();
    const res = await p1.post(`/api/v1/ladders/${String(await ladderId(t.app))}/challenges`, {
      opponentTeamId: await teamIdOf(t.app, 'iron-phantoms'),
      startDate: start,
    });
    const { id } = expectAnswer(res, challengeAnswer, 201).data;
    expect((await p16.post(`/api/v1/match-detail/status/${String(id)}/accept`)).status).toBe(200);
    const actions = expectAnswer(
      await p16.get(`/api/v1/match-detail/status/${String(id)}/actions`),
      statusActionsAnswer,
    );
    expect(actions.data.canCancelMatch).toBe(true);
    const before = (await notes('player1', 'challenge-cancelled')).length;
    const cancelled = await p16.post(`/api/v1/match-detail/status/${String(id)}/cancel`);
    expect(cancelled.body).toEqual({ message: 'Match was cancelled successfully' });
    expect(await notes('player1', 'challenge-cancelled')).toHaveLength(before + 1);
  });

  it('"See dispute" (the ticket link) only for the match’s players and admins', async () => {
    const { matchId } = await stageScenario(t.app.ctx, 'disputed');
    const ticketOf = async (client: TestClient) =>
      expectAnswer(
        await client.get(`/api/v1/match-detail/dispute/${String(matchId)}/can-dispute`),
        canDisputeAnswer,
      ).data.ticket;
    const spectator = await t.signIn('player11');
    expect(await ticketOf(spectator)).toBeNull();
    expect(await ticketOf(t.client())).toBeNull();
    const seen = await ticketOf(p1);
    expect(seen).not.toBeNull();
    expect(await ticketOf(await t.signIn('admin'))).toEqual(seen);
    expect((await p1.get(`/api/v1/tickets/${String(seen?.id)}`)).status).toBe(200);
  });

  it('a staged ladder challenge notifies the challenged captain, as a posted one does', async () => {
    const before = (await notes('player6', 'challenge-received')).length;
    const { matchId } = await stageScenario(t.app.ctx, 'ladder-challenge');
    const after = await notes('player6', 'challenge-received');
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)?.data).toMatchObject({ matchId });
    // Staging again cancels the open one first (the same two teams).
    const again = await stageScenario(t.app.ctx, 'ladder-challenge');
    expect(again.matchId).not.toBe(matchId);
  });

  it('`npm run scenario` and the server list the same scenario names', async () => {
    const usage = await run(process.execPath, ['scripts/scenario.mjs']).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(usage).toMatchObject({ code: 2 });
    const listed = /Names: (.*)/.exec((usage as { stderr: string }).stderr)?.[1]?.split(', ');
    const admin = await t.signIn('admin');
    const unknown = expectAnswer(await admin.post('/api/v1/dev/scenarios/nope'), messageAnswer, 404);
    const known = /Known: (.*)\./.exec(unknown.message)?.[1]?.split(', ');
    expect(listed).toEqual([...ALL_SCENARIO_NAMES]);
    expect(known).toEqual([...ALL_SCENARIO_NAMES]);
  });
});
