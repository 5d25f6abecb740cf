import { z } from 'zod';
import { ValidationError } from '../errors.ts';

/**
 * Parses request input with a zod schema and turns every issue into Laravel-style per-field messages
 * (`{username: ['The username field is required.']}`), the shape the web client shows under fields.
 * A body that is not an object (null, a string, an array) is treated as empty, so it gets the
 * "required" messages rather than a 500.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const value = input !== null && typeof input === 'object' && !Array.isArray(input) ? input : {};
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : 'body';
    (errors[field] ??= []).push(issue.message);
  }
  throw new ValidationError(errors);
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
  schema = schema.min(Math.max(options.min ?? 1, 1), {
    error:
      (options.min ?? 1) > 1
        ? `The ${label} field must be at least ${options.min} characters.`
        : `The ${label} field is required.`,
  });
  if (options.max !== undefined) {
    schema = schema.max(options.max, {
      error: `The ${label} field must not be greater than ${options.max} characters.`,
    });
  }
  return schema;
}
