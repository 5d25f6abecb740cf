// Refusals of the machine. The code says how the server answers; the message is shown to the person.
// HTTP: 'wrong-status', 'not-participant', 'not-your-turn', 'invalid' → 422 (the veto answers with
// `errors.validator: [message]`); 'forbidden' → 403; 'not-found' → 404; 'stale' → 409 for a person, and
// for the sweeper simply "nothing to do" (someone else already acted, or the deadline is not yet passed).

export const DOMAIN_ERROR_CODES = [
  'wrong-status',
  'not-participant',
  'not-your-turn',
  'forbidden',
  'invalid',
  'not-found',
  'stale',
] as const;
export type DomainErrorCode = (typeof DOMAIN_ERROR_CODES)[number];

export interface DomainError {
  code: DomainErrorCode;
  message: string;
}

export function domainError(code: DomainErrorCode, message: string): DomainError {
  return { code, message };
}
