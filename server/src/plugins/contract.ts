// The API contract at run time: every route declares zod schemas (from `@versus/common/api/*`) for its
// params, query, body and answers. This plugin makes Fastify validate requests with them (keeping the
// API's error shapes), serialize answers through them, and publishes the OpenAPI 3.1 document built
// from them at `GET /api/openapi.json`, with a browsable reference at `/api/docs`.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  createSerializerCompiler,
  jsonSchemaTransform,
  jsonSchemaTransformObject,
} from 'fastify-type-provider-zod';
import { validatorCompiler } from '../lib/validation.ts';

/**
 * The zod transform, plus: every GET that names no security of its own accepts a personal API token (or
 * none, or the session cookie), so the reference's "Authorize" sends the token on reads and never on writes.
 */
const withApiTokenOnReads: typeof jsonSchemaTransform = (input) => {
  const out = jsonSchemaTransform(input);
  const methods = ([] as string[]).concat(input.route.method);
  const schema = out.schema as Record<string, unknown> | undefined;
  if (schema && methods.includes('GET') && schema.security === undefined && schema.hide !== true) {
    return { ...out, schema: { ...schema, security: [{ apiToken: [] }, {}] } };
  }
  return out;
};

export interface ContractOptions {
  /** The `info.version` of the OpenAPI document. */
  version: string;
}

export const contractPlugin = fp(
  async (app: FastifyInstance, options: ContractOptions) => {
    app.setValidatorCompiler(validatorCompiler);
    // Answers are encoded through their schema: a field the schema does not name never leaves the server,
    // and an answer that breaks its schema is a 500 (logged with the cause), never a silent drift.
    app.setSerializerCompiler(createSerializerCompiler());

    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Versus API',
          version: options.version,
          description:
            'Every route of the Versus web app. Errors: 422 `{message, errors}`; 400, 401, 403, 404, 409, ' +
            '415, 419 and 429 `{message}`. State-changing requests echo the `XSRF-TOKEN` cookie in ' +
            '`X-XSRF-TOKEN`; signed-in requests carry the HttpOnly session cookie.',
        },
        components: {
          securitySchemes: {
            // Machine clients: the game server's log token, the log agent's token, the anticheat client's.
            bearer: { type: 'http', scheme: 'bearer' },
            // People's bots and overlays: a personal API token (settings page), read-only.
            apiToken: {
              type: 'http',
              scheme: 'bearer',
              description:
                'A personal API token (`vsp_…`, made on the settings page): GET requests only, as its owner, ' +
                'within `RATE_LIMIT_API_TOKEN`. Choose "Authorize" and paste it to try a call here.',
            },
          },
        },
      },
      transform: withApiTokenOnReads,
      transformObject: jsonSchemaTransformObject,
    });
    // The docs page brings its own policy (hashes of its inline styles), replacing the app's for its files.
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

    app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'contract' },
);
