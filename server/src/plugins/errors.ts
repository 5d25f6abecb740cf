import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError, TooManyRequestsError, ValidationError } from '../errors.ts';
import { isBadInputError } from '../lib/db-errors.ts';

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && 'statusCode' in error;
}

/**
 * Maps every error to the API's one shape: 422 `{message, errors}`, other 4xx `{message}`.
 * Anything unexpected is a 500 whose body hides the cause; the log carries it with the request id.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler(async (error: unknown, request, reply) => {
    if (error instanceof ValidationError) {
      return reply.status(422).send({ message: error.message, errors: error.errors });
    }
    if (error instanceof TooManyRequestsError) {
      void reply.header('Retry-After', String(error.retryAfterSeconds));
    }
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({ message: error.message });
    }
    if (isFastifyError(error) && error.validation) {
      return reply.status(422).send({ message: error.message, errors: { body: [error.message] } });
    }
    if (isBadInputError(error)) {
      request.log.warn({ err: error }, 'database refused a value validation let through');
      return reply
        .status(422)
        .send({ message: 'The given data was invalid.', errors: { body: ['The given data was invalid.'] } });
    }
    const status = isFastifyError(error) ? (error.statusCode ?? 500) : 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, unsupported media type, body too large).
      return reply.status(status).send({ message: (error as Error).message });
    }
    request.log.error({ err: error, reqId: request.id }, 'unhandled error');
    return reply.status(500).send({ message: `Server Error (request ${request.id})` });
  });
});
