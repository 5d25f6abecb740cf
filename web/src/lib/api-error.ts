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

/** Every text of a 422's `errors`, each once, in the order the server gave them. */
function allFieldMessages(errors: FieldErrors): string[] {
  const messages = Object.values(errors).flatMap((list: unknown) =>
    Array.isArray(list) ? list.filter((m): m is string => typeof m === 'string' && m !== '') : [],
  );
  return [...new Set(messages)];
}

/**
 * What a dialog or form shows of a failed request in one place: a 422's field messages (each once), else
 * the server's `message` (or the fallback when the answer carries none).
 */
export function errorMessages(error: unknown, fallback?: string): string[] {
  const fields = fieldErrors(error);
  const messages = fields ? allFieldMessages(fields) : [];
  return messages.length > 0 ? messages : [errorMessage(error, fallback)];
}

/**
 * Splits a failed request's messages between a form's fields and the form itself: a 422's messages for
 * the fields the form has go under them (`byField`); every other message (a field the form does not show,
 * a 403, 409, 429, 5xx or a network failure) goes to the form's own error block (`rest`).
 */
export function placeErrors(
  error: unknown,
  fields: readonly string[],
): { byField: FieldErrors; rest: string[] } {
  const all = fieldErrors(error);
  if (!all) return { byField: {}, rest: [errorMessage(error)] };
  const byField: FieldErrors = {};
  const rest: string[] = [];
  for (const [field, list] of Object.entries(all)) {
    const messages = allFieldMessages({ [field]: list });
    if (fields.includes(field)) byField[field] = messages;
    else rest.push(...messages);
  }
  if (Object.keys(byField).length === 0 && rest.length === 0) rest.push(errorMessage(error));
  return { byField, rest: [...new Set(rest)] };
}

/**
 * The messages of a 422 whose field no input on the page shows (no element named after it, nor after its
 * first segment: `maps.0` is shown by `maps`). A form puts the rest under its fields; these must still be
 * seen, so the caller shows them elsewhere (a toast) instead of dropping them.
 */
export function unshownFieldMessages(
  errors: FieldErrors,
  isShown: (field: string) => boolean = (field) =>
    document.getElementsByName(field).length > 0 ||
    document.getElementsByName(field.split('.')[0] ?? field).length > 0,
): string[] {
  const unshown = Object.fromEntries(Object.entries(errors).filter(([field]) => !isShown(field)));
  return allFieldMessages(unshown);
}
