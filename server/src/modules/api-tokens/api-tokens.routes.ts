import {
  apiTokenListAnswer,
  apiTokenParams,
  createApiTokenBody,
  createdApiTokenAnswer,
} from '@versus/common/api/api-tokens';
import { messageAnswer } from '@versus/common/api/primitives';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, signedIn } from '../../lib/http.ts';
import { createApiToken, listApiTokens, revokeApiToken } from './api-tokens.service.ts';

const tags = ['Players'];

/** The signed-in user's personal API tokens (settings page): list, make (shown once), revoke. */
export const apiTokenRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/users/me/api-tokens',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: 'Your personal API tokens (never the tokens themselves)',
        response: { 200: apiTokenListAnswer },
      },
    },
    async (request) => ({ data: await listApiTokens(app.db, requireUser(request.user).id) }),
  );

  app.post(
    '/api/v1/users/me/api-tokens',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: 'Make a read-only API token for a bot or an overlay (shown once)',
        body: createApiTokenBody,
        response: { 201: createdApiTokenAnswer },
      },
    },
    async (request, reply) => {
      const user = requireUser(request.user);
      await app.limits.take(request, 'tokenRenewal', user.id);
      const created = await createApiToken(app.db, user, request.body);
      return reply.status(201).send({ data: created });
    },
  );

  app.delete(
    '/api/v1/users/me/api-tokens/:tokenId',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: 'Revoke one of your API tokens (it stops working at once)',
        params: apiTokenParams,
        response: { 200: messageAnswer },
      },
    },
    async (request) => {
      await revokeApiToken(app.db, requireUser(request.user).id, request.params.tokenId);
      return { message: 'Token revoked.' };
    },
  );
};
