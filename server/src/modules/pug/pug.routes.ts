import { pugDataAnswer, pugMatchParams, pugSelectAnswer, pugSelectParams } from '@versus/common/api/pug';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, signedIn } from '../../lib/http.ts';
import { exceptRequester } from '../../realtime/index.ts';
import { getPugData, selectPlayer } from './pug.service.ts';

const tags = ['Solo-queue'];

/** The Player Picker: pug data for anyone, picks by the captain whose turn it is. */
export const pugRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/pug/:matchId/users',
    {
      schema: {
        tags,
        summary: "The Player Picker's data (solo-queue matches)",
        params: pugMatchParams,
        response: { 200: pugDataAnswer },
      },
    },
    async (request) => ({ data: await getPugData(app.ctx, request.params.matchId) }),
  );

  app.post(
    '/api/v1/pug/:matchId/select/:userId',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: 'Pick a player on your turn (a captain)',
        params: pugSelectParams,
        response: { 200: pugSelectAnswer },
      },
    },
    async (request) =>
      selectPlayer(
        app.ctx,
        requireUser(request.user),
        request.params.matchId,
        request.params.userId,
        exceptRequester(request),
      ),
  );
};
