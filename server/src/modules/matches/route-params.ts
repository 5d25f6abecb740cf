import { NotFoundError, UnauthorizedError } from '../../errors.ts';
import type { UserRow } from '../../db/schema/index.ts';

/** A positive integer path id; anything else names no resource (404, never a 500 or a 422). */
export function idParam(params: unknown, key: string, what = 'Match'): number {
  const raw = (params as Record<string, unknown> | null)?.[key];
  const value = typeof raw === 'string' && /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(value) || value <= 0) throw new NotFoundError(`${what} not found.`);
  return value;
}

export function requireUser(user: UserRow | null): UserRow {
  if (!user) throw new UnauthorizedError();
  return user;
}
