import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S{1,300})\s*$/i.exec(header);
  return match?.[1] ?? null;
}

/** SHA-256 (hex) of a machine token: only this is stored, so a database leak does not leak tokens. */
export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/** Compares a token with a stored hash in constant time. */
export function tokenMatches(token: string, storedHash: string | null): boolean {
  if (!storedHash) return false;
  const a = Buffer.from(hashToken(token), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/**
 * A new token `<prefix>_<id>_<secret>`. The id names the row that holds the hash, so checking a token is
 * one primary-key read and a constant-time compare (no index on the hash, no timing leak from a lookup).
 */
export function newMachineToken(prefix: string, id: number): string {
  return `${prefix}_${id}_${crypto.randomBytes(32).toString('base64url')}`;
}

/** The row id of a token made by `newMachineToken` with this prefix, or null when it is not one. */
export function machineTokenId(prefix: string, token: string): number | null {
  const match = new RegExp(`^${prefix}_(\\d{1,9})_[A-Za-z0-9_-]{43}$`).exec(token);
  return match ? Number(match[1]) : null;
}
