import type { UserRow } from '../../db/schema/index.ts';
import { ForbiddenError, UnauthorizedError } from '../../errors.ts';

/** Admin rights come from the user row only (never from anything the client sends). */
export function isAdmin(user: Pick<UserRow, 'role'> | null): boolean {
  return user?.role === 'admin';
}

/** 401 signed out, 403 for everyone but admins. */
export function requireAdmin(user: UserRow | null): UserRow {
  if (!user) throw new UnauthorizedError();
  if (!isAdmin(user)) throw new ForbiddenError();
  return user;
}
