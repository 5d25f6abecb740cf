// PostgreSQL (and PGlite) error codes the app answers as the client's mistake rather than a server fault.

/** The SQLSTATE of a database error, looked up through `cause` chains (drizzle wraps driver errors). */
export function sqlState(error: unknown): string | null {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return null;
}

/** A unique index refused the row (two requests raced for one name or slug). */
export function isUniqueViolation(error: unknown): boolean {
  return sqlState(error) === '23505';
}

/** The constraint or unique index a database error names (PostgreSQL and PGlite both report it), if any. */
export function violatedConstraint(error: unknown): string | null {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth += 1) {
    const constraint = (e as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string' && constraint !== '') return constraint;
  }
  return null;
}

/**
 * Input the database could not take: a value out of a column's range (22003), text it cannot store (NUL:
 * 22021, 22P05), a malformed value for its type (22P02, 22007, 22008) or a string too long (22001). Validation
 * refuses these first; this is the net that keeps any one that slips through a 422, never a 500.
 */
export function isBadInputError(error: unknown): boolean {
  const state = sqlState(error);
  return state !== null && ['22003', '22021', '22P05', '22P02', '22007', '22008', '22001'].includes(state);
}
