import { assertNever } from '@versus/common/match/assert-never';
import type { DomainError } from '@versus/common/match/errors';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../../errors.ts';
import type { HttpError } from '../../../errors.ts';

/**
 * The one mapping of the machine's refusals to HTTP: rule refusals are 422 with the text under
 * `errors.validator` (what the veto toast lists; `message` holds the same text for the other toasts),
 * permission 403, missing 404, and a step someone else already took (or a passed deadline) 409.
 */
export function domainErrorToHttp(error: DomainError): HttpError {
  switch (error.code) {
    case 'wrong-status':
    case 'not-participant':
    case 'not-your-turn':
    case 'invalid':
      return new ValidationError({ validator: [error.message] });
    case 'forbidden':
      return new ForbiddenError(error.message);
    case 'not-found':
      return new NotFoundError(error.message);
    case 'stale':
      return new ConflictError(error.message);
    default:
      return assertNever(error.code);
  }
}
