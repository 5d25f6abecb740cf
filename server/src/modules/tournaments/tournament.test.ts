import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matches, matchPlayers, tournamentTeams } from '../../db/schema/index.ts';
import { TestClient } from '../../test/app.ts';
import { createEngineTestApp, signIn, teamIdOf } from '../matches/test-support.ts';
import type { EngineTestApp } from '../matches/test-support.ts';
import { runMatchCommand } from '../matches/match-runner.ts';
import { makeTeams, makeTournament, tournamentRow } from './platform-test-support.ts';
import { TOURNAMENT_TEXTS } from './tournament.service.ts';

const HOUR = 3_600_000;

interface TournamentPage {
  data: {
    status: string;
    signupOpen: boolean;
    winner: { id: number } | null;
    teams: { seed: number | null; team: { id: number } }[];
    bracket: {
      rounds: {
        round: number;
        name: string;
        matches: {
          id: number;
          statusId: number;
          challengerTeam: { id: number } | null;
          opponentTeam: { id: number } | null;
        }[];
      }[];
    };
    viewer: { signupTeams: { id: number }[]; withdrawTeams: { id: number }[] };
  };
}

describe('tournaments: sign-up, bracket generation, advancement', () => {
  let t: EngineTestApp;
  let p1: TestClient;
  let p2: TestClient;

  beforeAll(async () => {
    t = await createEngineTestApp();
    [p1, p2] = [await signIn(t.app, 'player1'), await signIn(t.app, 'player2')];
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
    const list = await new TestClient(t.app).get('/api/v1/tournaments');
    expect((list.body as { data: unknown[] }).data).toEqual([
      expect.objectContaining({ slug: 'versus-cup-1', status: 'upcoming', teamsCount: 4, signupOpen: true }),
    ]);
    const page = (await p1.get('/api/v1/tournaments/versus-cup-1')).body as TournamentPage;
    expect(page.data.teams).toHaveLength(4);
    expect(page.data.bracket.rounds).toEqual([]);
    expect(page.data.viewer.withdrawTeams).toHaveLength(1);
    expect((await p1.get('/api/v1/tournaments/nope')).status).toBe(404);
  });

  it('withdraws and signs up again (captains only, until the deadline)', async () => {
    const url = '/api/v1/tournaments/versus-cup-1';
    expect((await new TestClient(t.app).post(`${url}/withdraw`, {})).status).toBe(401);
    const notCaptain = await p2.post(`${url}/withdraw`, {});
    expect(notCaptain).toMatchObject({ status: 403, body: { message: TOURNAMENT_TEXTS.notCaptain } });
    expect((await p1.post(`${url}/withdraw`, {})).status).toBe(200);
    const twice = await p1.post(`${url}/withdraw`, {});
    expect(twice).toMatchObject({
      status: 422,
      body: { errors: { teamId: [TOURNAMENT_TEXTS.notSignedUp] } },
    });
    expect(((await p1.get(url)).body as TournamentPage).data.teams).toHaveLength(3);
    expect((await p1.post(`${url}/signup`, {})).status).toBe(200);
    const dup = await p1.post(`${url}/signup`, {});
    expect(dup).toMatchObject({
      status: 422,
      body: { errors: { teamId: [TOURNAMENT_TEXTS.alreadySignedUp] } },
    });

    const late = await makeTournament(t.app, t.clock.now() + HOUR / 2, []);
    const closed = await p1.post(`/api/v1/tournaments/${late.slug}/signup`, {});
    expect(closed).toMatchObject({
      status: 422,
      body: { errors: { tournament: [TOURNAMENT_TEXTS.closed] } },
    });
  });

  it.each([
    [3, [1], [[2, 3]], [[1, null]]],
    [
      4,
      [2],
      [
        [1, 4],
        [2, 3],
      ],
      [[null, null]],
    ],
    [
      5,
      [1],
      [[4, 5]],
      [
        [1, null],
        [2, 3],
      ],
    ],
    [
      8,
      [4],
      [
        [1, 8],
        [4, 5],
        [2, 7],
        [3, 6],
      ],
      [
        [null, null],
        [null, null],
      ],
    ],
  ])('%i teams: seeded by rating, byes for the top seeds', async (n, [round1Count], round1, round2) => {
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
    expect(rows).toHaveLength(n - 1);
    const first = rows.filter((r) => r.tournamentRound === 1);
    expect(first).toHaveLength(round1Count ?? 0);
    expect(first.map((r) => [seedOf(r.challengerTeamId), seedOf(r.opponentTeamId)])).toEqual(round1);
    // Round-1 matches were due at the start: the sweeper moved them on to the ready check.
    expect(first.every((r) => r.statusId === 9 && r.startDate?.getTime() === start)).toBe(true);
    const second = rows.filter((r) => r.tournamentRound === 2);
    expect(second.map((r) => [seedOf(r.challengerTeamId), seedOf(r.opponentTeamId)])).toEqual(round2);
    for (const r of second) {
      expect(r.expectedStartDate?.getTime()).toBe(start + HOUR);
      const full = r.challengerTeamId !== null && r.opponentTeamId !== null;
      expect(r.startDate?.getTime() ?? null).toBe(full ? start + HOUR : null);
      expect(r.statusId).toBe(3);
    }
    expect((await tournamentRow(t.app, tournament.id)).status).toBe('running');
    const seeds = await t.app.db
      .select({ seed: tournamentTeams.seed, teamId: tournamentTeams.teamId })
      .from(tournamentTeams)
      .where(eq(tournamentTeams.tournamentId, tournament.id));
    expect(seeds.every((s) => s.seed === seedOf(s.teamId))).toBe(true);
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
      runMatchCommand(t.app.matchEngine, matchId, {
        type: 'ready.set',
        actor: { userId: captainId, isAdmin: false },
        ready: true,
      });
    const [semi1, semi2, final] = await bracketOf(tournament.id);
    if (!semi1 || !semi2 || !final) throw new Error('expected 3 matches');
    // Seed 4 and seed 2 ready up; the others miss the ready check and forfeit.
    await ready(semi1.id, made[3]?.captainId ?? 0);
    await ready(semi2.id, made[1]?.captainId ?? 0);
    await t.app.matchSweeper.sweepOnce(start + 11 * 60_000);
    const afterSemis = await bracketOf(tournament.id);
    expect(afterSemis.slice(0, 2).map((m) => m.statusId)).toEqual([5, 5]);
    const finalRow = afterSemis[2];
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
    const page = (await new TestClient(t.app).get(`/api/v1/tournaments/${tournament.slug}`))
      .body as TournamentPage;
    expect(page.data.winner?.id).toBe(made[1]?.id);
    expect(page.data.bracket.rounds.map((r) => r.name)).toEqual(['Semi-finals', 'Final']);
    expect(page.data.bracket.rounds[1]?.matches[0]).toMatchObject({ statusId: 5 });
    const won = t.published.filter((p) => JSON.stringify(p.payload).includes('won <b>'));
    expect(won.length).toBeGreaterThan(0);
    expect(await teamIdOf(t.app, 'red-dragons')).toBeGreaterThan(0);
  });
});
