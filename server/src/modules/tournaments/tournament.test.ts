import { validationErrorAnswer } from '@versus/common/api/primitives';
import {
  tournamentEntryAnswer,
  tournamentPageAnswer,
  tournamentsAnswer,
} from '@versus/common/api/tournaments';
import { STATUS } from '@versus/common/match/statuses';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matches, matchPlayers, tournamentTeams } from '../../db/schema/index.ts';
import {
  buildTestApp,
  expectAnswer,
  makeTeams,
  makeTournament,
  teamIdOf,
  tournamentRow,
  type TestApp,
  type TestClient,
} from '../../test/index.ts';
import { runMatchCommand } from '../matches/index.ts';
import { TOURNAMENT_TEXTS } from './tournament.service.ts';

const HOUR = 3_600_000;

describe('tournaments: sign-up, bracket generation, advancement', () => {
  let t: TestApp;
  let p1: TestClient;
  let p2: TestClient;

  beforeAll(async () => {
    t = await buildTestApp();
    [p1, p2] = [await t.signIn('player1'), await t.signIn('player2')];
  });
  afterAll(async () => {
    await t.close();
  });

  const bracketOf = async (tournamentId: number) =>
    t.app.db
      .select()
      .from(matches)
      .where(eq(matches.tournamentId, tournamentId))
      .orderBy(asc(matches.tournamentRound), asc(matches.bracketPosition));

  it('lists tournaments and shows the seeded one with sign-up open', async () => {
    const list = expectAnswer(await t.client().get('/api/v1/tournaments'), tournamentsAnswer);
    expect(list.data).toEqual([
      expect.objectContaining({ slug: 'versus-cup-1', status: 'upcoming', teamsCount: 4, signupOpen: true }),
    ]);
    const page = expectAnswer(await p1.get('/api/v1/tournaments/versus-cup-1'), tournamentPageAnswer);
    expect(page.data.teams).toHaveLength(4);
    expect(page.data.bracket).toEqual({ format: 'single_elimination', stages: [] });
    expect(page.data.viewer.withdrawTeams).toHaveLength(1);
    expect((await p1.get('/api/v1/tournaments/nope')).status).toBe(404);
  });

  it('withdraws and signs up again (captains only, until the deadline)', async () => {
    const url = '/api/v1/tournaments/versus-cup-1';
    expect((await t.client().post(`${url}/withdraw`, {})).status).toBe(401);
    const notCaptain = await p2.post(`${url}/withdraw`, {});
    expect(notCaptain).toMatchObject({ status: 403, body: { message: TOURNAMENT_TEXTS.notCaptain } });
    expectAnswer(await p1.post(`${url}/withdraw`, {}), tournamentEntryAnswer);
    const twice = await p1.post(`${url}/withdraw`, {});
    expect(twice).toMatchObject({
      status: 422,
      body: { errors: { teamId: [TOURNAMENT_TEXTS.notSignedUp] } },
    });
    expect(expectAnswer(await p1.get(url), tournamentPageAnswer).data.teams).toHaveLength(3);
    expectAnswer(await p1.post(`${url}/signup`, {}), tournamentEntryAnswer);
    const dup = await p1.post(`${url}/signup`, {});
    expect(dup).toMatchObject({
      status: 422,
      body: { errors: { teamId: [TOURNAMENT_TEXTS.alreadySignedUp] } },
    });

    const late = await makeTournament(t.app, t.clock.now() + HOUR / 2, []);
    const closed = await p1.post(`/api/v1/tournaments/${late.slug}/signup`, {});
    expect(expectAnswer(closed, validationErrorAnswer, 422)).toMatchObject({
      errors: { tournament: [TOURNAMENT_TEXTS.closed] },
    });
  });

  it.each([
    [3, [[2, 3]]],
    [
      4,
      [
        [1, 4],
        [2, 3],
      ],
    ],
    // Seeds 2 and 3 both have byes, so their round-2 match exists at once (due an interval later).
    [
      5,
      [
        [4, 5],
        [2, 3],
      ],
    ],
    [
      8,
      [
        [1, 8],
        [4, 5],
        [2, 7],
        [3, 6],
      ],
    ],
  ])('%i teams: seeded by rating, byes for the top seeds', async (n, round1) => {
    const start = t.clock.now() + 2 * HOUR;
    const made = await makeTeams(t.app, n);
    // Signed up worst first: the seed follows the rating, not the sign-up order.
    const tournament = await makeTournament(
      t.app,
      start,
      [...made].reverse().map((m) => m.id),
    );
    await t.app.matchSweeper.sweepOnce(start);
    const seedOf = (teamId: number | null) =>
      teamId === null ? null : made.findIndex((m) => m.id === teamId) + 1;
    const rows = await bracketOf(tournament.id);
    // Only slots whose two teams are known are matches; a bye's team waits for its next opponent.
    const pairs = rows.map((r) => [seedOf(r.challengerTeamId), seedOf(r.opponentTeamId)].sort());
    expect(pairs.sort()).toEqual(round1.map((p) => [...p].sort()).sort());
    // Round-1 matches were due at the start: the sweeper moved them on to the ready check.
    const first = rows.filter((r) => r.tournamentRound === 1);
    expect(first.every((r) => r.statusId === STATUS.readyUp && r.startDate?.getTime() === start)).toBe(true);
    for (const r of rows.filter((x) => x.tournamentRound === 2)) {
      expect(r).toMatchObject({ statusId: STATUS.scheduled, startDate: new Date(start + HOUR) });
    }
    expect(rows.every((r) => r.bracketRef?.startsWith('bm:'))).toBe(true);
    expect((await tournamentRow(t.app, tournament.id)).status).toBe('running');
    const seeds = await t.app.db
      .select({ seed: tournamentTeams.seed, teamId: tournamentTeams.teamId })
      .from(tournamentTeams)
      .where(eq(tournamentTeams.tournamentId, tournament.id));
    expect(seeds.every((s) => s.seed === seedOf(s.teamId))).toBe(true);
    const page = expectAnswer(
      await t.client().get(`/api/v1/tournaments/${tournament.slug}`),
      tournamentPageAnswer,
    );
    const firstRound = page.data.bracket.stages[0]?.groups[0]?.rounds[0]?.matches ?? [];
    expect(firstRound.filter((m) => m.bye)).toHaveLength(2 ** Math.ceil(Math.log2(n)) - n);
  });

  it('cancels a tournament with fewer than two teams', async () => {
    const start = t.clock.now() + 2 * HOUR;
    const [only] = await makeTeams(t.app, 1);
    const tournament = await makeTournament(t.app, start, [only?.id ?? 0]);
    await t.app.matchSweeper.sweepOnce(start);
    expect((await tournamentRow(t.app, tournament.id)).status).toBe('cancelled');
    expect(await bracketOf(tournament.id)).toHaveLength(0);
  });

  it('advances winners to the next match and finishes the tournament at the final', async () => {
    const start = t.clock.now() + 2 * HOUR;
    const made = await makeTeams(t.app, 4);
    const tournament = await makeTournament(
      t.app,
      start,
      made.map((m) => m.id),
    );
    await t.app.matchSweeper.sweepOnce(start);
    const ready = async (matchId: number, captainId: number) =>
      runMatchCommand(t.app.ctx, matchId, {
        type: 'ready.set',
        actor: { userId: captainId, isAdmin: false },
        ready: true,
      });
    const [semi1, semi2] = await bracketOf(tournament.id);
    if (!semi1 || !semi2) throw new Error('expected 2 semi-finals');
    // Seed 4 and seed 2 ready up; the others miss the ready check and forfeit.
    await ready(semi1.id, made[3]?.captainId ?? 0);
    await ready(semi2.id, made[1]?.captainId ?? 0);
    await t.app.matchSweeper.sweepOnce(start + 11 * 60_000);
    const afterSemis = await bracketOf(tournament.id);
    expect(afterSemis.slice(0, 2).map((m) => m.statusId)).toEqual([STATUS.finished, STATUS.finished]);
    const finalRow = afterSemis[2];
    const final = finalRow ?? semi1;
    expect([finalRow?.challengerTeamId, finalRow?.opponentTeamId]).toEqual([made[3]?.id, made[1]?.id]);
    expect(finalRow?.startDate?.getTime()).toBe(start + HOUR);
    expect(finalRow?.bestOf).toBe(3);
    const players = await t.app.db
      .select()
      .from(matchPlayers)
      .where(and(eq(matchPlayers.matchId, final.id)));
    expect(players.map((p) => p.side).sort()).toEqual([1, 2]);
    const eliminated = await t.app.db
      .select()
      .from(tournamentTeams)
      .where(eq(tournamentTeams.tournamentId, tournament.id));
    expect(
      eliminated
        .filter((e) => e.eliminatedInRound === 1)
        .map((e) => e.teamId)
        .sort(),
    ).toEqual([made[0]?.id, made[2]?.id].sort());

    await t.app.matchSweeper.sweepOnce(start + HOUR);
    await ready(final.id, made[1]?.captainId ?? 0);
    await t.app.matchSweeper.sweepOnce(start + HOUR + 11 * 60_000);
    const done = await tournamentRow(t.app, tournament.id);
    expect(done).toMatchObject({ status: 'finished', winnerTeamId: made[1]?.id });
    const page = expectAnswer(
      await t.client().get(`/api/v1/tournaments/${tournament.slug}`),
      tournamentPageAnswer,
    );
    expect(page.data.winner?.id).toBe(made[1]?.id);
    const rounds = page.data.bracket.stages[0]?.groups[0]?.rounds ?? [];
    expect(rounds.map((r) => r.name)).toEqual(['Semi-finals', 'Final']);
    expect(rounds[1]?.matches[0]).toMatchObject({ statusId: STATUS.finished, id: final.id });
    const won = t.published.filter((p) => JSON.stringify(p.payload).includes('won <b>'));
    expect(won.length).toBeGreaterThan(0);
    expect(await teamIdOf(t.app, 'red-dragons')).toBeGreaterThan(0);
  });
});
