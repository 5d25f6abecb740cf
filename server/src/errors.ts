/**
 * The one place where errors get their HTTP meaning. Services throw these; the error plugin maps
 * them to `{message}` or `{message, errors}`.
 */
export class HttpError extends Error {
  readonly statusCode: number;

  /**
   * Without a stack trace: these are answers, not faults (the error plugin answers them and never logs
   * them), and capturing the trace was the dearest part of a signed-out `401`.
   */
  constructor(statusCode: number, message: string) {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
    this.statusCode = statusCode;
    this.name = 'HttpError';
  }
}

/** 422 with per-field messages; the top-level message follows Laravel's "first (and N more errors)". */
export class ValidationError extends HttpError {
  constructor(readonly errors: Record<string, string[]>) {
    super(422, summarize(errors));
    this.name = 'ValidationError';
  }
}

function summarize(errors: Record<string, string[]>): string {
  const all = Object.values(errors).flat();
  const first = all[0] ?? 'The given data was invalid.';
  const more = all.length - 1;
  if (more <= 0) return first;
  return `${first} (and ${more} more ${more === 1 ? 'error' : 'errors'})`;
}

export class UnauthorizedError extends HttpError {
  constructor(message = 'Unauthenticated.') {
    super(401, message);
  }
}

export class ForbiddenError extends HttpError {
  constructor(message = 'This action is unauthorized.') {
    super(403, message);
  }
}

export class NotFoundError extends HttpError {
  constructor(message = 'Not found.') {
    super(404, message);
  }
}

export class ConflictError extends HttpError {
  constructor(message: string) {
    super(409, message);
  }
}

export class CsrfError extends HttpError {
  constructor() {
    super(419, 'CSRF token mismatch.');
  }
}

export class TooManyRequestsError extends HttpError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message);
  }
}
