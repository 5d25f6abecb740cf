import { inArray, sql } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { teamMembers, teams, userGameAccounts, users } from '../schema/index.ts';
import { skillForRating } from '@versus/common/match/skill';
import { DEMO_RATING_START, DEMO_TEAMS, demoUsers } from './demo-data.ts';

/**
 * Inserts the demo users (conflict-safe: an account registered earlier under the same name is kept as
 * it is) and returns user ids by lower-case username.
 */
export async function seedUsers(tx: Tx, passwordHash: string): Promise<Map<string, number>> {
  const list = demoUsers();
  await tx
    .insert(users)
    .values(list.map((u) => ({ ...u, ...skillForRating(u.elo, DEMO_RATING_START), passwordHash })))
    .onConflictDoNothing();
  const rows = await tx
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(
      inArray(
        sql`lower(${users.username})`,
        list.map((u) => u.username.toLowerCase()),
      ),
    );
  return new Map(rows.map((r) => [r.username.toLowerCase(), r.id]));
}

/** Inserts the four teams with their members (first member captain); returns team ids by slug. */
export async function seedTeams(
  tx: Tx,
  gameId: number,
  userIds: Map<string, number>,
): Promise<Map<string, number>> {
  const teamIds = new Map<string, number>();
  for (const team of DEMO_TEAMS) {
    const memberIds = team.members
      .map((n) => userIds.get(`player${n}`))
      .filter((id): id is number => id !== undefined);
    const [row] = await tx
      .insert(teams)
      .values({
        gameId,
        name: team.name,
        tag: team.tag,
        slug: team.slug,
        rating: team.rating,
        ...skillForRating(team.rating, DEMO_RATING_START),
        createdByUserId: memberIds[0] ?? null,
      })
      .onConflictDoNothing()
      .returning({ id: teams.id });
    // A team of that name already exists: leave it (and its roster) alone.
    if (!row) continue;
    teamIds.set(team.slug, row.id);
    await tx
      .insert(teamMembers)
      .values(memberIds.map((userId, i) => ({ teamId: row.id, userId, isCaptain: i === 0 })))
      .onConflictDoNothing();
  }
  return teamIds;
}

/** The CoD4x player id demo player n has linked in settings (the emulated servers join them with it). */
export function demoPlayerId(n: number): string {
  return `[U:1:${1_000_000 + n}]`;
}

/** Links each demo player's CoD4x player id, as the player would in settings. */
export async function seedPlayerIds(tx: Tx, gameId: number, userIds: Map<string, number>): Promise<void> {
  const rows = [...userIds]
    .map(([username, userId]) => ({ n: Number(/^player(\d+)$/.exec(username)?.[1]), userId }))
    .filter((r) => Number.isInteger(r.n))
    .map((r) => ({
      userId: r.userId,
      gameId,
      guid: demoPlayerId(r.n),
      inGameName: `player${r.n}`,
      source: 'settings',
    }));
  if (rows.length > 0) await tx.insert(userGameAccounts).values(rows).onConflictDoNothing();
}
