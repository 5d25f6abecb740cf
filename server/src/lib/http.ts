import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ForbiddenError, NotFoundError, UnauthorizedError } from '../errors.ts';
import type { UserRow } from '../db/schema/index.ts';

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

/**
 * Route option `preValidation: signedIn`: a signed-out request is refused (401) before its params and
 * body are validated, so it learns nothing about them. The handler still takes `requireUser(...)`.
 */
export async function signedIn(request: FastifyRequest): Promise<void> {
  requireUser(request.user);
}

/** What Fastify's serializer would send for `value` under the route's answer `schema` (fastify-type-provider-zod). */
export function serializeAnswer<S extends z.ZodType>(schema: S, value: z.output<S>): string {
  return JSON.stringify(z.encode(schema, value));
}

/** Sends `json`, a body already serialized (with `serializeAnswer`), as Fastify sends a serialized answer. */
export function sendJsonText(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}
