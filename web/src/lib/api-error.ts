import { isAxiosError } from 'axios';

/** Field name -> messages, as the server sends them in a 422 answer. */
export type FieldErrors = Record<string, string[]>;

interface ErrorBody {
  message?: unknown;
  errors?: unknown;
}

function body(error: unknown): ErrorBody | undefined {
  if (!isAxiosError(error)) return undefined;
  const data: unknown = error.response?.data;
  return typeof data === 'object' && data !== null ? data : undefined;
}

/** The HTTP status of a failed request, or undefined when no answer arrived. */
export function errorStatus(error: unknown): number | undefined {
  return isAxiosError(error) ? error.response?.status : undefined;
}

/** The per-field messages of a 422 answer, or null for any other failure. */
export function fieldErrors(error: unknown): FieldErrors | null {
  if (errorStatus(error) !== 422) return null;
  const errors = body(error)?.errors;
  return typeof errors === 'object' && errors !== null ? (errors as FieldErrors) : {};
}

/** The server's `message`, or the fallback when the answer carries none (network error, 5xx page). */
export function errorMessage(error: unknown, fallback = 'Something went wrong, please try again.'): string {
  const message = body(error)?.message;
  return typeof message === 'string' && message !== '' ? message : fallback;
}
