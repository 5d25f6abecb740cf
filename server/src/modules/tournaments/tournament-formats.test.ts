// A 16-team event in each format, from sign-up to champion, with no admin action after creating it:
// captains sign up and check in over HTTP (one team misses the check-in and is left out), the deadline
// sweeper starts the event, runs the ready checks (walkovers when one side is not ready, both out when
// neither is), the veto clocks and the next rounds; captains ready up, enter and approve scores over HTTP.
import { adminMapPoolsAnswer, adminTournamentAnswer } from '@versus/common/api/admin';
import { tournamentEntryAnswer, tournamentPageAnswer } from '@versus/common/api/tournaments';
import { STATUS } from '@versus/common/match/statuses';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matches, users } from '../../db/schema/index.ts';
import {
  buildTestApp,
  expectAnswer,
  makeTeams,
  signIn,
  tournamentRow,
  type TestApp,
  type TestClient,
} from '../../test/index.ts';
import { hashPassword } from '../users/index.ts';
import { approve, postScore } from '../matches/testing.ts';

const MINUTE = 60_000;

const FORMATS = [
  ['single_elimination', { thirdPlaceMatch: true }],
  ['double_elimination', { grandFinalReset: true }],
  ['round_robin', { groupCount: 4 }],
  ['swiss', {}],
  ['two_stage', { groupStage: 'round_robin', groupCount: 4, playoffTeams: 8 }],
  ['two_stage', { groupStage: 'swiss', playoffTeams: 4 }],
] as const;

describe('16-team events run from sign-up to champion without an admin', () => {
  let t: TestApp;
  let admin: TestClient;
  let poolId: number;
  let password: string;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await t.signIn('admin');
    poolId = expectAnswer(await admin.get('/api/v1/admin/map-pools'), adminMapPoolsAnswer).data[0]?.id ?? 0;
    password = await hashPassword('password');
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(FORMATS)('%s %o', { timeout: 600_000 }, async (format, extra) => {
    const start = t.clock.now() + 2 * 60 * MINUTE;
    const created = expectAnswer(
      await admin.post('/api/v1/admin/tournaments', {
        name: `League ${format} ${String(start)}`,
        mapPoolId: poolId,
        teamSize: 1,
        format,
        startDate: new Date(start).toISOString(),
        maxTeams: 17,
        checkInMinutes: 30,
        readyCheckMinutes: 5,
        roundIntervalMinutes: 5,
        bestOf: 1,
        finalBestOf: 1,
        ...extra,
      }),
      adminTournamentAnswer,
      201,
    );
    const slug = created.data.slug;
    const url = `/api/v1/tournaments/${slug}`;

    // 17 captains sign up; 16 check in.
    const made = await makeTeams(t.app, 17);
    await t.app.db
      .update(users)
      .set({ passwordHash: password })
      .where(
        inArray(
          users.id,
          made.map((m) => m.captainId),
        ),
      );
    const clients = new Map<number, TestClient>();
    for (const m of made) {
      const [u] = await t.app.db
        .select({ username: users.username })
        .from(users)
        .where(eq(users.id, m.captainId));
      const client = await signIn(t.app, u?.username ?? '');
      clients.set(m.captainId, client);
      expectAnswer(await client.post(`${url}/signup`, {}), tournamentEntryAnswer);
    }
    const early = await clients.get(made[0]?.captainId ?? 0)?.post(`${url}/check-in`, {});
    expect(early?.status).toBe(422);
    t.clock.time = start - 20 * MINUTE;
    for (const m of made.slice(0, 16)) {
      const captain = clients.get(m.captainId);
      if (!captain) throw new Error('no captain');
      expectAnswer(await captain.post(`${url}/check-in`, {}), tournamentEntryAnswer);
    }
    const updates = t.published.filter((p) => p.channel === `tournament.${String(created.data.id)}`);
    expect(updates.length).toBeGreaterThanOrEqual(33);

    // From here on nobody but the captains and the sweeper acts.
    t.clock.time = start;
    await t.app.matchSweeper.sweepOnce(start);
    const id = created.data.id;
    expect((await tournamentRow(t.app, id)).status).toBe('running');
    const handled = new Set<number>();
    const client = (userId: number | null) => {
      const c = clients.get(userId ?? 0);
      if (!c) throw new Error(`no client for ${String(userId)}`);
      return c;
    };
    for (let i = 0; i < 3000; i++) {
      if ((await tournamentRow(t.app, id)).status === 'finished') break;
      const rows = await t.app.db
        .select()
        .from(matches)
        .where(eq(matches.tournamentId, id))
        .orderBy(asc(matches.id));
      let acted = false;
      for (const r of rows) {
        const path = `/api/v1/match-detail/status/${String(r.id)}/ready/1`;
        if (r.statusId === STATUS.readyUp && !handled.has(r.id)) {
          handled.add(r.id);
          // Round 1: every eighth match nobody shows up (both out), every eighth one side only (walkover).
          const policy = r.tournamentRound === 1 ? r.id % 8 : 2;
          if (policy !== 0) expect((await client(r.challengerCaptainId).post(path)).status).toBe(200);
          if (policy !== 0 && policy !== 1)
            expect((await client(r.opponentCaptainId).post(path)).status).toBe(200);
          acted = policy > 1;
        } else if (r.statusId === STATUS.inProgress) {
          const challengerWins = r.id % 3 !== 0;
          const res = await postScore(
            client(r.challengerCaptainId),
            r.id,
            challengerWins ? 13 : 7,
            challengerWins ? 7 : 13,
          );
          expect(res.status).toBe(200);
          acted = true;
        } else if (r.statusId === STATUS.scoreEntered) {
          expect((await approve(client(r.opponentCaptainId), r.id, 1)).status).toBe(200);
          acted = true;
        }
      }
      // Nobody acted: the clock jumps to the next deadline of a match still open (start, ready check,
      // location vote or veto turn; overdue veto turns are applied in order), so the event runs without idle minutes.
      const deadlines = rows
        .flatMap((r) => [
          r.statusId === STATUS.scheduled ? r.startDate : null,
          r.readyDeadline,
          r.locationVoteDeadline,
          r.vetoDeadline,
        ])
        .map((d) => d?.getTime() ?? Infinity)
        .filter((ms) => ms > t.clock.now());
      const next = Math.min(...deadlines);
      t.clock.time = acted || !Number.isFinite(next) ? t.clock.now() + 1000 : next;
      await t.app.matchSweeper.sweepOnce(t.clock.now());
    }

    const done = await tournamentRow(t.app, id);
    expect(done.status).toBe('finished');
    expect(done.winnerTeamId).not.toBeNull();
    const all = await t.app.db.select().from(matches).where(eq(matches.tournamentId, id));
    expect(all.every((m) => m.statusId === STATUS.finished || m.statusId === STATUS.cancelled)).toBe(true);
    expect(all.some((m) => m.forfeit)).toBe(true);
    expect(all.some((m) => m.statusId === STATUS.cancelled)).toBe(true);
    const page = expectAnswer(await t.client().get(url), tournamentPageAnswer);
    expect(page.data).toMatchObject({ format, status: 'finished', winner: { id: done.winnerTeamId } });
    expect(page.data.teams).toHaveLength(16);
    expect(page.data.bracket.stages.length).toBe(format === 'two_stage' ? 2 : 1);
    // Every played match shows in the bracket.
    const shown = page.data.bracket.stages.flatMap((s) =>
      s.groups.flatMap((g) => g.rounds.flatMap((r) => r.matches)),
    );
    expect(new Set(shown.map((m) => m.id).filter((x) => x !== null))).toEqual(new Set(all.map((m) => m.id)));
    if (format === 'swiss' || format === 'round_robin') {
      expect(page.data.bracket.stages[0]?.groups[0]?.standings?.length).toBeGreaterThan(0);
    }
  });
});
