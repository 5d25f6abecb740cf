// Helpers shared by the platform API tests (teams, tournaments, admin): extra teams and tournaments
// written straight to the database, and PATCH through the test client. Not a test file itself.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { teamMembers, teams, tournamentTeams, tournaments, users } from '../../db/schema/index.ts';
import type { TestClient } from '../../test/app.ts';

/** The test client types only GET/POST/DELETE/PUT; inject itself takes any method. */
export function patch(client: TestClient, url: string, body: unknown) {
  return client.request('PATCH' as 'PUT', url, body);
}

let counter = 0;

/** `n` one-player teams (a new captain each) with the given ratings, best first. */
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

/** A tournament like the seeded one, starting at `start`, with `teamIds` signed up in that order. */
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
      teamSize: 5,
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

export async function tournamentRow(app: FastifyInstance, id: number) {
  const [row] = await app.db.select().from(tournaments).where(eq(tournaments.id, id));
  if (!row) throw new Error('no tournament');
  return row;
}
