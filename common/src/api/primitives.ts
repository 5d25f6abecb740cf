// Building blocks of the API contract: field schemas with the API's (Laravel's) wording, path ids, and
// the envelopes every answer uses. Request schemas built from these give the 422 texts the web shows.
import { z } from 'zod';

/**
 * Control characters no text field may hold: C0 (NUL included: PostgreSQL cannot store it) but tab, line
 * feed and carriage return, DEL, and the C1 range.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/**
 * Characters that change how text looks without being seen: zero-width spaces and joiners, the bidi
 * embeddings, overrides and isolates (U+202E makes "evil" read "live"), the word joiner family and the BOM.
 * Names refuse them, so no look-alike can sit next to the real name.
 */
export const INVISIBLE_CHARACTERS =
  /[\u00AD\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF]/;

/**
 * White space at either end of a text, counting the invisible spaces (zero-width space, non-joiner and joiner,
 * word joiner, BOM) as white space: a text of them alone is as empty as a text of spaces.
 */
const EDGE_SPACE = /^[\s\u200B-\u200D\u2060\uFEFF]+|[\s\u200B-\u200D\u2060\uFEFF]+$/g;

/** Trims white space and invisible spaces from both ends; what every trimmed text field stores. */
export function trimText(value: string): string {
  return value.replace(EDGE_SPACE, '');
}

/**
 * A required free text (a dispute's reason, a ticket message): trimmed (invisible spaces too), then 1 to
 * `max` characters without control characters (line breaks and tabs are text).
 */
export function requiredText(field: string, max: number) {
  const label = field.replace(/_/g, ' ');
  return z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? `The ${label} field is required.`
          : `The ${label} field must be a string.`,
    })
    .overwrite(trimText)
    .min(1, { error: `The ${label} field is required.`, abort: true })
    .max(max, { error: `The ${label} field must not be greater than ${String(max)} characters.` })
    .refine((value) => !CONTROL_CHARACTERS.test(value), {
      error: `The ${label} field must not contain control characters.`,
    });
}

/** A required string field with Laravel's wording for missing, wrong type, too short and too long. */
export function stringField(field: string, options: { min?: number; max?: number } = {}) {
  const label = field.replace(/_/g, ' ');
  let schema = z.string({
    error: (issue) =>
      issue.input === undefined || issue.input === null
        ? `The ${label} field is required.`
        : `The ${label} field must be a string.`,
  });
  // Empty is "required" (as Laravel's `required` rule runs first), whatever the minimum length.
  schema = schema.min(1, { error: `The ${label} field is required.`, abort: true });
  if ((options.min ?? 1) > 1) {
    schema = schema.min(options.min ?? 1, {
      error: `The ${label} field must be at least ${options.min} characters.`,
    });
  }
  if (options.max !== undefined) {
    schema = schema.max(options.max, {
      error: `The ${label} field must not be greater than ${options.max} characters.`,
    });
  }
  return schema.refine((value) => !CONTROL_CHARACTERS.test(value), {
    error: `The ${label} field must not contain control characters.`,
  });
}

/**
 * A name people see next to others' (team name, tag): trimmed and NFKC-normalised BEFORE it is checked, so a
 * name of spaces is empty and full-width or ligature look-alikes become their plain letters; control and
 * invisible characters (zero-width, bidi overrides) are refused.
 */
export function nameField(field: string, options: { min?: number; max?: number } = {}) {
  const label = field.replace(/_/g, ' ');
  return z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? `The ${label} field is required.`
          : `The ${label} field must be a string.`,
    })
    .transform((value) => value.normalize('NFKC').replace(/\s+/g, ' ').trim())
    .pipe(
      stringField(field, options).refine((value) => !INVISIBLE_CHARACTERS.test(value), {
        error: `The ${label} field must not contain invisible or direction-changing characters.`,
      }),
    );
}

/** The largest id a row can have (PostgreSQL `integer`). */
export const MAX_ID = 2_147_483_647;

/**
 * A positive integer id in a path. Anything else names no resource: the server answers 404 with
 * `{what} not found.` (never a 500 or a 422).
 */
export function idParam(what: string) {
  const message = `${what} not found.`;
  return z
    .string()
    .regex(/^\d{1,10}$/, { error: message })
    .transform(Number)
    .refine((n) => n > 0 && n <= MAX_ID, { error: message })
    .meta({ description: `${what} id` });
}

/** A text path segment (slug, username, name); empty or oversized names no resource (404). */
export function slugParam(what: string, max = 200) {
  const message = `${what} not found.`;
  return z
    .string()
    .min(1, { error: message })
    .max(max, { error: message })
    .refine((value) => !CONTROL_CHARACTERS.test(value), { error: message });
}

/** An optional id in a body or query (coerced from text), within the database's integer range. */
export const idField = z.coerce.number().int().positive().max(MAX_ID);

/** A row id (positive, within the database's integer range). */
export const id = z.number().int().positive().max(MAX_ID);

/** `{message}`: what a command answers, and the shape of every 4xx but 422. */
export const messageAnswer = z.object({ message: z.string() }).meta({ id: 'Message' });

/** 422: `{message, errors: {field: [text]}}`. */
export const validationErrorAnswer = z
  .object({ message: z.string(), errors: z.record(z.string(), z.array(z.string())) })
  .meta({ id: 'ValidationError' });

/** `{data: T}`: the envelope of every read. */
export function dataOf<T extends z.ZodType>(schema: T) {
  return z.object({ data: schema });
}

/** An ISO 8601 instant as the API sends it. */
export const isoDateTime = z.string().meta({ format: 'date-time' });

/** A lineup: the user ids of the players a captain chose (up to 16, the largest team size). */
export const lineupIds = z
  .array(z.number({ error: 'The lineup must list player ids.' }).int().positive().max(MAX_ID), {
    error: 'The lineup must be a list of player ids.',
  })
  .max(16, { error: 'The lineup must not have more than 16 players.' });
