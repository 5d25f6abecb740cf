import { and, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { passwordResetTokens, type PasswordResetTokenRow } from '../../db/schema/password-reset-tokens.ts';
import { users } from '../../db/schema/users.ts';

type Queryable = Db | Tx;

export async function insertResetToken(
  db: Db,
  values: { userId: number; tokenHash: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(passwordResetTokens).values(values);
}

/** The token by its hash; `lock` holds the row until the transaction ends (two uses of one link queue). */
export async function findResetToken(
  db: Queryable,
  tokenHash: string,
  lock = false,
): Promise<PasswordResetTokenRow | null> {
  const query = db.select().from(passwordResetTokens).where(eq(passwordResetTokens.tokenHash, tokenHash));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** Every link of the user not used yet is spent: the one just used, and any older one still in a mailbox. */
export async function spendUserResetTokens(tx: Tx, userId: number, now: Date): Promise<void> {
  await tx
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

export async function setPasswordHash(
  tx: Tx,
  userId: number,
  passwordHash: string,
  now: Date,
): Promise<void> {
  await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
}
