// Factories per aggregate for server tests. They build through the API where a person would (a ladder
// challenge is posted by a captain), so a factory can never make a state the product cannot reach.
import { IN_PLAY_STATUSES } from '@versus/common/match/statuses';
import { asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { z } from 'zod';
import {
  ladders,
  matches,
  teamMembers,
  teams,
  tournamentTeams,
  tournaments,
  users,
} from '../db/schema/index.ts';
import { runMatchCommand } from '../modules/matches/index.ts';
import type { TestClient } from './client.ts';

/** The id of a demo team by slug (`red-dragons`, `northern-wolves`, ...). */
export async function teamIdOf(app: FastifyInstance, slug: string): Promise<number> {
  const [row] = await app.db.select({ id: teams.id }).from(teams).where(eq(teams.slug, slug));
  if (!row) throw new Error(`no team ${slug}`);
  return row.id;
}

/** The id of the demo world's ladder. */
export async function ladderId(app: FastifyInstance): Promise<number> {
  const [row] = await app.db.select({ id: ladders.id }).from(ladders).orderBy(asc(ladders.id)).limit(1);
  if (!row) throw new Error('no ladder');
  return row.id;
}

const createdAnswer = z.object({ data: z.object({ id: z.number() }) });

/**
 * A ladder challenge from `challenger` (a captain signed in) to the team `opponentSlug`, accepted by
 * `accepter` when given (so it reaches the map veto at once, the start date being now).
 */
export async function ladderMatch(
  app: FastifyInstance,
  options: {
    challenger: TestClient;
    opponentSlug: string;
    bestOf?: 1 | 3 | 5;
    accepter?: TestClient;
  },
): Promise<number> {
  const ladder = await ladderId(app);
  const opponentTeamId = await teamIdOf(app, options.opponentSlug);
  const res = await options.challenger.post(`/api/v1/ladders/${String(ladder)}/challenges`, {
    opponentTeamId,
    bestOf: options.bestOf ?? 1,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const { id } = createdAnswer.parse(res.body).data;
  if (options.accepter) {
    const accepted = await options.accepter.post(`/api/v1/match-detail/status/${String(id)}/accept`);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  }
  return id;
}

/**
 * An admin cancels every match still in play (ready up through score entry), as an admin would: the demo
 * players are then free for the next match (a player plays one match at a time, docs/league-rules.md).
 */
export async function cancelMatchesInPlay(app: FastifyInstance): Promise<void> {
  const [admin] = await app.db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
  if (!admin) throw new Error('no admin');
  const rows = await app.db
    .select({ id: matches.id })
    .from(matches)
    .where(inArray(matches.statusId, [...IN_PLAY_STATUSES]));
  for (const { id } of rows) {
    await runMatchCommand(app.ctx, id, { type: 'match.cancel', actor: { userId: admin.id, isAdmin: true } });
  }
}

// Teams and tournaments -------------------------------------------------------------------------------

let counter = 0;

/**
 * `n` one-player teams (a new captain each) with the given ratings, best first, written straight to the
 * database: a bracket needs more teams than the demo world has.
 */
export async function makeTeams(app: FastifyInstance, n: number, ratings?: number[]) {
  const [game] = await app.db.select({ gameId: teams.gameId }).from(teams).limit(1);
  if (!game) throw new Error('no seeded team');
  const made: { id: number; captainId: number; name: string }[] = [];
  for (let i = 0; i < n; i++) {
    counter += 1;
    const tag = `t${String(counter)}`;
    const [user] = await app.db
      .insert(users)
      .values({ username: `cap_${tag}`, email: `cap_${tag}@example.test`, passwordHash: 'x' })
      .returning({ id: users.id });
    const [team] = await app.db
      .insert(teams)
      .values({
        gameId: game.gameId,
        name: `Team ${tag}`,
        tag: tag.toUpperCase(),
        slug: `team-${tag}`,
        rating: ratings?.[i] ?? 2000 - i,
      })
      .returning({ id: teams.id, name: teams.name });
    if (!user || !team) throw new Error('insert failed');
    await app.db.insert(teamMembers).values({ teamId: team.id, userId: user.id, isCaptain: true });
    made.push({ id: team.id, captainId: user.id, name: team.name });
  }
  return made;
}

/**
 * A tournament like the seeded one, starting at `start`, with `teamIds` signed up in that order. Its team
 * size is 1, so the one-player teams of `makeTeams` may play it (docs/league-rules.md).
 */
export async function makeTournament(app: FastifyInstance, start: number, teamIds: number[]) {
  const [seeded] = await app.db.select().from(tournaments).limit(1);
  if (!seeded) throw new Error('no seeded tournament');
  counter += 1;
  const slug = `cup-${String(counter)}`;
  const [row] = await app.db
    .insert(tournaments)
    .values({
      gameId: seeded.gameId,
      mapPoolId: seeded.mapPoolId,
      name: `Cup ${String(counter)}`,
      slug,
      teamSize: 1,
      locationRule: seeded.locationRule,
      fixedLocationId: seeded.fixedLocationId,
      maxTeams: 16,
      startDate: new Date(start),
      signupDeadline: new Date(start - 3_600_000),
      bestOf: 1,
      finalBestOf: 3,
      roundIntervalMinutes: 60,
      readyCheckMinutes: 10,
    })
    .returning();
  if (!row) throw new Error('insert failed');
  for (const [i, teamId] of teamIds.entries()) {
    await app.db
      .insert(tournamentTeams)
      .values({ tournamentId: row.id, teamId, signedUpAt: new Date(start - 86_400_000 + i) });
  }
  return row;
}

/** A tournament row as stored now. */
export async function tournamentRow(app: FastifyInstance, id: number) {
  const [row] = await app.db.select().from(tournaments).where(eq(tournaments.id, id));
  if (!row) throw new Error('no tournament');
  return row;
}
