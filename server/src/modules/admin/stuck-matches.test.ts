// Each way a match can stall, built through the product (scenarios, a captain's challenge) and the fake
// clock, then read as an admin reads it: the "Stuck matches" list and one notification per stall.
import { stuckMatchesAnswer } from '@versus/common/api/stuck-matches';
import type { StuckMatch } from '@versus/common/api/stuck-matches';
import { challengeAnswer } from '@versus/common/api/ladders';
import { notificationsPageSchema } from '@versus/common/api/notifications';
import { STATUS } from '@versus/common/match/statuses';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchEffects, matches, notifications, users } from '../../db/schema/index.ts';
import { POOL_ENV } from '../game-servers/testing.ts';
import { stage } from '../matches/testing.ts';
import {
  buildTestApp,
  expectAnswer,
  ladderId,
  ladderMatch,
  teamIdOf,
  type TestApp,
  type TestClient,
} from '../../test/index.ts';
import { STUCK_TEXTS } from './index.ts';

const MINUTE = 60_000;
/** The notification as an admin reads it in the panel. */
const shown = (matchId: number, reason: string) => `Match <b>#${String(matchId)}</b> is stuck: ${reason}.`;
const HOUR = 60 * MINUTE;

/** What an admin sees about stuck matches in one app. */
function adminView(t: TestApp, admin: TestClient) {
  const list = async (): Promise<StuckMatch[]> =>
    expectAnswer(await admin.get('/api/v1/admin/stuck-matches'), stuckMatchesAnswer).data;
  return {
    list,
    stuck: async (matchId: number) => (await list()).find((m) => m.matchId === matchId) ?? null,
    /** The admin's notifications (newest page) that say this match is stuck. */
    notices: async (matchId: number) => {
      const page = expectAnswer(await admin.get('/api/v1/notification'), notificationsPageSchema);
      return page.data
        .filter((n) => n.message.includes(`<b>#${String(matchId)}</b> is stuck`))
        .map((n) => n.message);
    },
    /** Notification rows about this match, all admins together. */
    rows: async (matchId: number) =>
      (
        await t.app.db
          .select()
          .from(notifications)
          .where(eq(notifications.type, STUCK_TEXTS.notificationType))
      ).filter((n) => n.data.matchId === matchId).length,
    /** Two passes of the repeating check: each new stall is told once. */
    check: async () => {
      await t.app.stuckMatches.notifyNew(t.clock.time);
      await t.app.stuckMatches.notifyNew(t.clock.time);
    },
    cancel: async (matchId: number) => {
      const res = await admin.post(`/api/v1/admin/matches/${String(matchId)}/cancel`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    },
    admins: async () => (await t.app.db.select().from(users).where(eq(users.role, 'admin'))).length,
  };
}

describe('stuck matches', () => {
  let t: TestApp;
  let admin: TestClient;
  let view: ReturnType<typeof adminView>;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await t.signIn('admin');
    view = adminView(t, admin);
  });
  afterAll(async () => {
    await t.close();
  });

  /** The match is stuck with `reason`, every admin was told once, and it leaves the list when cancelled. */
  async function expectStuckOnce(matchId: number, reason: string, statusName: string): Promise<StuckMatch> {
    const row = await view.stuck(matchId);
    expect(row).toMatchObject({ matchId, url: `/match/${String(matchId)}`, reason, statusName });
    await view.check();
    expect(await view.notices(matchId)).toEqual([shown(matchId, reason)]);
    expect(await view.rows(matchId)).toBe(await view.admins());
    if (!row) throw new Error('not stuck');
    return row;
  }

  it('answers 401 signed out and 403 to a player', async () => {
    expect((await t.client().get('/api/v1/admin/stuck-matches')).status).toBe(401);
    expect((await (await t.signIn('player1')).get('/api/v1/admin/stuck-matches')).status).toBe(403);
  });

  it('a challenge nobody answers: stuck after the person threshold (48 hours)', async () => {
    const p1 = await t.signIn('player1');
    const id = await ladderMatch(t.app, { challenger: p1, opponentSlug: 'northern-wolves' });
    t.clock.advance(47 * HOUR);
    expect(await view.stuck(id)).toBeNull();
    await view.check();
    expect(await view.notices(id)).toEqual([]);
    t.clock.advance(2 * HOUR);
    const row = await expectStuckOnce(id, 'Challenge sent 2 days ago, not answered', 'Challenge');
    expect(row.since).toBe(new Date(t.clock.time - 49 * HOUR).toISOString());
    await view.cancel(id);
    expect(await view.stuck(id)).toBeNull();
  });

  it('a scheduled match whose start nothing acts on; the sweeper moves it on', async () => {
    const p1 = await t.signIn('player1');
    const res = await p1.post(`/api/v1/ladders/${String(await ladderId(t.app))}/challenges`, {
      opponentTeamId: await teamIdOf(t.app, 'northern-wolves'),
      startDate: new Date(t.clock.time + 2 * HOUR).toISOString(),
    });
    const id = expectAnswer(res, challengeAnswer, 201).data.id;
    const accepted = await (
      await t.signIn('player6')
    ).post(`/api/v1/match-detail/status/${String(id)}/accept`);
    expect(accepted.status).toBe(200);
    t.clock.advance(2 * HOUR + 29 * MINUTE);
    expect(await view.stuck(id)).toBeNull();
    t.clock.advance(2 * MINUTE);
    await expectStuckOnce(
      id,
      'In Scheduled: its clock ran out 31 minutes ago and nothing moved the match on',
      'Scheduled',
    );
    await t.app.matchSweeper.sweepOnce(t.clock.time);
    expect(await view.stuck(id)).toBeNull();
    await view.cancel(id);
  });

  it('a veto whose clock ran out unswept, then a veto with no clock at all: two stalls, told once each', async () => {
    const id = await stage(t.app, 'ladder-veto');
    expect(await view.stuck(id)).toBeNull();
    const [row] = await t.app.db.select().from(matches).where(eq(matches.id, id));
    const deadline = row?.vetoDeadline?.getTime() ?? 0;
    expect(deadline).toBeGreaterThan(t.clock.time);
    t.clock.time = deadline + 31 * MINUTE;
    await expectStuckOnce(
      id,
      'In Map veto: its clock ran out 31 minutes ago and nothing moved the match on',
      'Map veto',
    );
    // The clock lost (a stall no command can leave): said as such, and told once more.
    await t.app.db.update(matches).set({ vetoDeadline: null }).where(eq(matches.id, id));
    const since = row?.updatedAt.getTime() ?? 0;
    const minutes = Math.floor((t.clock.time - since) / MINUTE);
    const reason = `In Map veto for ${String(minutes)} minutes with no clock`;
    expect(await view.stuck(id)).toMatchObject({
      reason,
      reasonKey: `${String(STATUS.mapVeto)}:clock-missing`,
    });
    await view.check();
    expect(await view.notices(id)).toHaveLength(2);
    expect(await view.rows(id)).toBe(2 * (await view.admins()));
    await view.cancel(id);
  });

  it.each([
    ['tournament-ready', 'readyDeadline', 'Ready up'],
    ['pug-pick', 'pickDeadline', 'Player select'],
    ['pug-location', 'locationVoteDeadline', 'Location select'],
  ] as const)('%s: its clock ran out and nothing moved it', async (scenario, clock, statusName) => {
    const id = await stage(t.app, scenario);
    expect(await view.stuck(id)).toBeNull();
    const [row] = await t.app.db.select().from(matches).where(eq(matches.id, id));
    t.clock.time = (row?.[clock]?.getTime() ?? 0) + 45 * MINUTE;
    await expectStuckOnce(
      id,
      `In ${statusName}: its clock ran out 45 minutes ago and nothing moved the match on`,
      statusName,
    );
    await view.cancel(id);
  });

  it('a live match whose server never sent a log batch', async () => {
    const id = await stage(t.app, 'in-progress');
    t.clock.advance(29 * MINUTE);
    expect(await view.stuck(id)).toBeNull();
    t.clock.advance(5 * HOUR);
    await expectStuckOnce(id, 'Live for 5 hours with no log batch', 'In progress');
    await view.cancel(id);
  });

  it('a live match whose log went silent', async () => {
    const id = await stage(t.app, 'server-log-live');
    t.clock.advance(29 * MINUTE);
    expect(await view.stuck(id)).toBeNull();
    t.clock.advance(12 * MINUTE);
    await expectStuckOnce(id, 'Live, but no log batch for 41 minutes', 'In progress');
    await view.cancel(id);
  });

  it('a score entered and never approved, its approval deadline unswept', async () => {
    const id = await stage(t.app, 'score-entered');
    t.clock.advance(24 * HOUR + 20 * MINUTE);
    expect(await view.stuck(id)).toBeNull();
    t.clock.advance(24 * HOUR);
    await expectStuckOnce(
      id,
      'Score entered 2 days ago, not approved: its approval deadline passed 24 hours ago',
      'Score entered, waiting for approval',
    );
    await view.cancel(id);
  });

  it('a dispute no admin resolves', async () => {
    const id = await stage(t.app, 'disputed');
    t.clock.advance(47 * HOUR);
    expect(await view.stuck(id)).toBeNull();
    t.clock.advance(3 * HOUR);
    await expectStuckOnce(id, 'Disputed for 2 days, not resolved', 'Disputed');
    await view.cancel(id);
  });

  it('a failed effect of the outbox is a stall at once; a pending one moves the match on', async () => {
    const id = await stage(t.app, 'in-progress');
    // The row as the effects worker leaves it: pending while it retries, failed after its last attempt.
    const [effect] = await t.app.ctx.db
      .insert(matchEffects)
      .values({
        matchId: id,
        kind: 'provision',
        key: 'stuck-test',
        status: 'pending',
        lastError: 'rcon timed out',
      })
      .returning();
    t.clock.advance(2 * HOUR);
    expect(await view.stuck(id)).toBeNull();
    await t.app.ctx.db.update(matchEffects).set({ status: 'failed' }).where(eq(matchEffects.id, effect!.id));
    await expectStuckOnce(id, "Effect 'provision' failed: rcon timed out", 'In progress');
    await t.app.ctx.db.delete(matchEffects).where(eq(matchEffects.id, effect!.id));
    await view.cancel(id);
  });
  it('a finished match whose server release the outbox gave up on is listed until the release is done', async () => {
    const id = await stage(t.app, 'finished');
    expect(await view.stuck(id)).toBeNull();
    // The row as the effects worker leaves it after its eighth failed attempt.
    const [effect] = await t.app.ctx.db
      .insert(matchEffects)
      .values({
        matchId: id,
        kind: 'release',
        key: 'stuck-test',
        status: 'failed',
        attempts: 8,
        lastError: 'the provider refused to destroy the server',
      })
      .returning();
    const row = await expectStuckOnce(
      id,
      "Effect 'release' failed: the provider refused to destroy the server",
      'Finished',
    );
    expect(row).toMatchObject({
      statusId: STATUS.finished,
      reasonKey: `${String(STATUS.finished)}:effect-failed:release`,
    });
    // Carried out at last (by hand, or a retry): off the list.
    await t.app.ctx.db.update(matchEffects).set({ status: 'done' }).where(eq(matchEffects.id, effect!.id));
    expect(await view.stuck(id)).toBeNull();
  });
});

describe('stuck matches: waiting for a pool server', () => {
  let t: TestApp;

  beforeAll(async () => {
    // A pool without a single server: the match in progress waits for one.
    t = await buildTestApp({ env: POOL_ENV });
  });
  afterAll(async () => {
    await t.close();
  });

  it('is listed with how long it has waited, and told once', async () => {
    const admin = await t.signIn('admin');
    const view = adminView(t, admin);
    const id = await stage(t.app, 'in-progress');
    t.clock.advance(12 * MINUTE);
    expect(await view.stuck(id)).toBeNull();
    t.clock.advance(20 * MINUTE);
    const reason = 'Waiting for a game server for 32 minutes';
    expect(await view.stuck(id)).toMatchObject({ reason, statusId: STATUS.inProgress });
    await view.check();
    expect(await view.notices(id)).toEqual([shown(id, reason)]);
  });
});
