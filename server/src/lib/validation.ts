import type { FastifySchemaCompiler } from 'fastify';
import type { FastifyRouteSchemaDef } from 'fastify/types/schema.js';
import type { z } from 'zod';
import { NotFoundError, ValidationError } from '../errors.ts';

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
  throw new ValidationError(fieldErrors(result.error));
}

/** Laravel-style per-field messages (`{username: ['The username field is required.']}`). */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : 'body';
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}

/**
 * Request validation. A body that is not an object (null, a string, an array) is read as empty, so it
 * gets the "required" texts rather than a 500. A path that does not parse names nothing: 404 with the
 * schema's text (`Match not found.`). Everything else: 422 `{message, errors}`.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const input: unknown =
      httpPart === 'body' && (data === null || typeof data !== 'object' || Array.isArray(data)) ? {} : data;
    const result = schema.safeParse(input);
    if (result.success) return { value: result.data };
    if (httpPart === 'params') {
      return { error: new NotFoundError(result.error.issues[0]?.message ?? 'Not found.') };
    }
    return { error: new ValidationError(fieldErrors(result.error)) };
  };

/** Fastify types a route's own compiler by the whole route schema; at run time it gets each part's zod schema. */
function asPart<S>(route: FastifyRouteSchemaDef<S>): FastifyRouteSchemaDef<z.ZodType> {
  return route as unknown as FastifyRouteSchemaDef<z.ZodType>;
}

/**
 * Route option `validatorCompiler` for a route that also takes its body as raw text (`text/plain`): a
 * text body is handed on as it is, a JSON body is checked with `json` (the object branch of the declared
 * union). Params, query and headers are validated as everywhere.
 */
export function textOrJsonBody<S>(json: z.ZodType): FastifySchemaCompiler<S> {
  return (route) => {
    if (route.httpPart !== 'body') return validatorCompiler(asPart(route));
    const checkJson = validatorCompiler({ ...asPart(route), schema: json });
    return (data) => (typeof data === 'string' ? { value: data } : checkJson(data));
  };
}

/**
 * Route option `validatorCompiler` for a route whose handler checks the body itself, after something that
 * must come first (the agent's token, then counting a malformed batch on its server): the body schema is
 * declared for the document and the types, and the body reaches the handler unchecked.
 */
export function bodyCheckedByHandler<S>(): FastifySchemaCompiler<S> {
  return (route) =>
    route.httpPart === 'body' ? (data: unknown) => ({ value: data }) : validatorCompiler(asPart(route));
}

/** A required string field with Laravel's wording (one definition, in the API contract's primitives). */
export { stringField } from '@versus/common/api/primitives';
