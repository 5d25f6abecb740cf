// Personal API tokens (read-only, for bots and overlays). Rules:
// - a token is `vsp_<id>_<secret>`; only its SHA-256 is stored, and it is shown once, when it is made;
// - every account may hold API_TOKENS_PER_USER tokens; the `admin` scope is for admins only;
// - a token answers GET (and HEAD) requests only, as its owner; a `read` token never has admin rights, even
//   an admin's; revoking one stops it at once (each request reads its row: no cache to wait for).
import { API_TOKENS_PER_USER, type ApiToken, type ApiTokenScope } from '@versus/common/api/api-tokens';
import { and, asc, count, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { apiTokens, users, type ApiTokenRow, type UserRow } from '../../db/schema/index.ts';
import { ForbiddenError, NotFoundError, UnauthorizedError, ValidationError } from '../../errors.ts';
import { hashToken, machineTokenId, newMachineToken, tokenMatches } from '../../lib/bearer-token.ts';
import { isAdmin } from '../../lib/http.ts';

export const API_TOKEN_PREFIX = 'vsp';
/** `last_used_at` is written at most once a minute per token, not on every request. */
const LAST_USED_RESOLUTION_MS = 60_000;

/** Whether a bearer token looks like a personal API token (other bearer tokens belong to machine routes). */
export function isPersonalApiToken(token: string): boolean {
  return token.startsWith(`${API_TOKEN_PREFIX}_`);
}

function present(row: ApiTokenRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    hint: `${API_TOKEN_PREFIX}_${String(row.id)}_…`,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

export async function listApiTokens(db: Db, userId: number): Promise<ApiToken[]> {
  const rows = await db
    .select()
    .from(apiTokens)
    .where(eq(apiTokens.userId, userId))
    .orderBy(asc(apiTokens.id));
  return rows.map(present);
}

export async function createApiToken(
  db: Db,
  user: UserRow,
  input: { name: string; scope?: ApiTokenScope | undefined },
): Promise<{ token: string; apiToken: ApiToken }> {
  const scope = input.scope ?? 'read';
  if (scope === 'admin' && !isAdmin(user)) throw new ForbiddenError('Only admins can make admin tokens.');
  return db.transaction(async (tx) => {
    // The owner's row lock serialises two creations racing for the last free place.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    const [held] = await tx.select({ n: count() }).from(apiTokens).where(eq(apiTokens.userId, user.id));
    if ((held?.n ?? 0) >= API_TOKENS_PER_USER) {
      throw new ValidationError({
        name: [`You can hold at most ${String(API_TOKENS_PER_USER)} API tokens: revoke one first.`],
      });
    }
    // The id is part of the token, so the row is made first and the hash filled in once the id is known.
    const [row] = await tx
      .insert(apiTokens)
      .values({ userId: user.id, name: input.name, scope, tokenHash: '' })
      .returning();
    if (!row) throw new Error('api token insert returned nothing');
    const token = newMachineToken(API_TOKEN_PREFIX, row.id);
    const [stored] = await tx
      .update(apiTokens)
      .set({ tokenHash: hashToken(token) })
      .where(eq(apiTokens.id, row.id))
      .returning();
    if (!stored) throw new Error('api token update returned nothing');
    return { token, apiToken: present(stored) };
  });
}

export async function revokeApiToken(db: Db, userId: number, tokenId: number): Promise<void> {
  const removed = await db
    .delete(apiTokens)
    .where(and(eq(apiTokens.id, tokenId), eq(apiTokens.userId, userId)))
    .returning({ id: apiTokens.id });
  if (removed.length === 0) throw new NotFoundError('Token not found.');
}

/**
 * The user a personal API token acts as (401 for an unknown, revoked or malformed token). A `read` token's
 * user is given the player role, so no admin check passes through it.
 */
export async function authenticateApiToken(
  db: Db,
  token: string,
  now: Date,
): Promise<{ user: UserRow; tokenId: number }> {
  const id = machineTokenId(API_TOKEN_PREFIX, token);
  if (id === null) throw new UnauthorizedError('Invalid API token.');
  const [found] = await db
    .select({ token: apiTokens, user: users })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(eq(apiTokens.id, id));
  if (!found || !tokenMatches(token, found.token.tokenHash))
    throw new UnauthorizedError('Invalid API token.');
  const staleBefore = new Date(now.getTime() - LAST_USED_RESOLUTION_MS);
  if (!found.token.lastUsedAt || found.token.lastUsedAt < staleBefore) {
    await db
      .update(apiTokens)
      .set({ lastUsedAt: now })
      .where(
        and(eq(apiTokens.id, id), or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, staleBefore))),
      );
  }
  // An admin token of an account that is no longer an admin reads as a player.
  const user = found.token.scope === 'admin' ? found.user : { ...found.user, role: 'player' as const };
  return { user, tokenId: id };
}
