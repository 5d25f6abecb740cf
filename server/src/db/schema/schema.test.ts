import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../client.ts';
import { createTestDatabase } from '../../test/database.ts';
import { games, ladders, mapPools, matches, teamMembers, teams, users } from './index.ts';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

/** Runs `fn`, which must fail, and returns the name of the constraint it violated. */
async function violation(fn: () => Promise<unknown>): Promise<string> {
  try {
    await fn();
  } catch (error) {
    const cause = (error as { cause?: { constraint?: string } }).cause;
    return cause?.constraint ?? (error as Error).message;
  }
  throw new Error('expected a constraint violation');
}

function newUser(username: string, email = `${username}@example.test`) {
  return { username, email, passwordHash: 'x' };
}

describe('schema', () => {
  it('applies the migrations to a fresh database and creates every table', async () => {
    const result: unknown = await database.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public'`,
    );
    const tables = (result as { rows: Array<{ table_name: string }> }).rows.map((r) => r.table_name);
    for (const name of [
      'users',
      'matches',
      'match_maps',
      'match_players',
      'notifications',
      'rating_history',
    ]) {
      expect(tables).toContain(name);
    }
  });

  it('migrating again is a no-op', async () => {
    await expect(database.migrate()).resolves.toBeUndefined();
  });

  it('refuses a username that differs only in case', async () => {
    await database.db.insert(users).values(newUser('CaseUser'));
    const constraint = await violation(() =>
      database.db.insert(users).values(newUser('caseuser', 'other@example.test')),
    );
    expect(constraint).toBe('users_username_lower_unique');
  });

  it('allows one captain per team', async () => {
    const [game] = await database.db.insert(games).values({ slug: 'g1', name: 'G' }).returning();
    const [a, b] = await database.db
      .insert(users)
      .values([newUser('capa'), newUser('capb')])
      .returning();
    const [team] = await database.db
      .insert(teams)
      .values({ gameId: game!.id, name: 'T', tag: 'T', slug: 't' })
      .returning();
    await database.db.insert(teamMembers).values({ teamId: team!.id, userId: a!.id, isCaptain: true });
    const constraint = await violation(() =>
      database.db.insert(teamMembers).values({ teamId: team!.id, userId: b!.id, isCaptain: true }),
    );
    expect(constraint).toBe('team_members_one_captain');
  });

  it('checks match status ids and that the competition matches the type', async () => {
    const [game] = await database.db.insert(games).values({ slug: 'g2', name: 'G' }).returning();
    const [pool] = await database.db.insert(mapPools).values({ gameId: game!.id, name: 'P' }).returning();
    const [ladder] = await database.db
      .insert(ladders)
      .values({ gameId: game!.id, mapPoolId: pool!.id, name: 'L', slug: 'l', teamSize: 5 })
      .returning();
    const base = { gameId: game!.id, teamSize: 5, type: 'ladder' as const };
    const notAStatus = 12;
    await database.db.insert(matches).values({ ...base, ladderId: ladder!.id });
    expect(
      await violation(() =>
        database.db.insert(matches).values({ ...base, ladderId: ladder!.id, statusId: notAStatus }),
      ),
    ).toBe('matches_status_valid');
    expect(await violation(() => database.db.insert(matches).values(base))).toBe(
      'matches_competition_matches_type',
    );
  });
});
