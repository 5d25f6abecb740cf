import { eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { games } from '../schema/index.ts';
import { hashPassword } from '../../modules/auth/password.ts';
import { DEMO_GAME, DEMO_PASSWORD } from './demo-data.ts';
import { seedLocations, seedMaps } from './seed-catalog.ts';
import { seedLadder, seedSoloQueue, seedTournament } from './seed-competitions.ts';
import { seedTeams, seedUsers } from './seed-people.ts';

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
    const input = { gameId: game.id, mapIds, teamIds, now };
    await seedLadder(tx, input);
    await seedTournament(tx, input);
    await seedSoloQueue(tx, input);
    return { created: true };
  });
}
