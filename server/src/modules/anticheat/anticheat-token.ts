// The per-user anticheat token: shown once on the settings page, renewable, stored only as a SHA-256 hash.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users, type UserRow } from '../../db/schema/index.ts';
import { hashToken, machineTokenId, newMachineToken, tokenMatches } from '../../lib/bearer-token.ts';
import { UnauthorizedError } from '../../errors.ts';

const PREFIX = 'ac';

/** Replaces the user's token (the old one stops working at once) and returns the new one. */
export async function renewAnticheatToken(db: Db, userId: number, now: Date): Promise<string> {
  const token = newMachineToken(PREFIX, userId);
  await db
    .update(users)
    .set({ anticheatTokenHash: hashToken(token), updatedAt: now })
    .where(eq(users.id, userId));
  return token;
}

/** The user an anticheat client token belongs to; 401 for a missing or wrong token. */
export async function userForAnticheatToken(db: Db, token: string | null): Promise<UserRow> {
  const id = token === null ? null : machineTokenId(PREFIX, token);
  if (token === null || id === null) throw new UnauthorizedError('An anticheat token is required.');
  const [user] = await db.select().from(users).where(eq(users.id, id));
  if (!user || !tokenMatches(token, user.anticheatTokenHash)) {
    throw new UnauthorizedError('Invalid anticheat token.');
  }
  return user;
}
