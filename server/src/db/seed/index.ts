import crypto from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { games, users } from '../schema/index.ts';
import { hashPassword, verifyPassword } from '../../modules/users/index.ts';
import { DEMO_GAME, DEMO_PASSWORD, demoUsers } from './demo-data.ts';
import { seedLocations, seedMaps } from './seed-catalog.ts';
import { seedLadder, seedSoloQueue, seedTournament } from './seed-competitions.ts';
import { seedPlayerIds, seedTeams, seedUsers } from './seed-people.ts';

export interface SeedOptions {
  /** The app's public URL; demo locations ping it (`{appUrl}/ping`). */
  appUrl: string;
  /** Clock for the tournament's dates (tests pass a fixed one). */
  now?: Date;
}

/**
 * Seeds the demo world (CoD4 maps, locations, `player1`..`player20` and `admin` with password `password`,
 * four teams, a ladder, a tournament and a solo-queue) in one transaction. The `cod4` game row is the
 * "already seeded" marker: it is inserted first with ON CONFLICT DO NOTHING, so a second run, or a second
 * server starting at the same moment (it waits on the unique index), adds nothing. Demo only: never call
 * it in production.
 */
export async function seedDemoWorld(db: Db, options: SeedOptions): Promise<{ created: boolean }> {
  const appUrl = options.appUrl.replace(/\/+$/, '');
  const now = options.now ?? new Date();
  // Cheap early exit so a normal restart skips the argon2 hash; the insert below is the real guard.
  const existing = await db.select({ id: games.id }).from(games).where(eq(games.slug, DEMO_GAME.slug));
  if (existing.length > 0) return { created: false };
  // Hashed once outside the transaction (argon2 is slow on purpose) and shared by every demo account.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    const [game] = await tx.insert(games).values(DEMO_GAME).onConflictDoNothing().returning({ id: games.id });
    if (!game) return { created: false };
    const mapIds = await seedMaps(tx, game.id);
    await seedLocations(tx, appUrl);
    const userIds = await seedUsers(tx, passwordHash);
    const teamIds = await seedTeams(tx, game.id, userIds);
    await seedPlayerIds(tx, game.id, userIds);
    const input = { gameId: game.id, mapIds, teamIds, now };
    await seedLadder(tx, input);
    await seedTournament(tx, input);
    await seedSoloQueue(tx, input);
    return { created: true };
  });
}

/**
 * A development server reachable from other machines (HOST not loopback) must not accept `password`: every
 * demo account that still has it gets a generated password, returned once (the caller prints them). On
 * loopback nothing changes. Accounts whose password someone already changed are left alone.
 */
export async function replaceDemoPasswords(db: Db): Promise<{ username: string; password: string }[]> {
  const names = demoUsers().map((u) => u.username);
  const rows = await db
    .select({ id: users.id, username: users.username, passwordHash: users.passwordHash })
    .from(users)
    .where(inArray(users.username, names));
  const replaced: { username: string; password: string }[] = [];
  for (const row of rows) {
    if (!(await verifyPassword(row.passwordHash, DEMO_PASSWORD))) continue;
    const password = crypto.randomBytes(9).toString('base64url');
    await db
      .update(users)
      .set({ passwordHash: await hashPassword(password) })
      .where(eq(users.id, row.id));
    replaced.push({ username: row.username, password });
  }
  return replaced;
}
