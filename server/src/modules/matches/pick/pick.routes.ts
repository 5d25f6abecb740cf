import { pickDataAnswer, pickMatchParams, pickSelectAnswer, pickSelectParams } from '@versus/common/api/pick';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, signedIn } from '../../../lib/http.ts';
import { exceptRequester } from '../../../realtime/index.ts';
import { getPickData, selectPlayer } from './pick.service.ts';

const tags = ['Solo-queue'];

/** The Player Picker: pug data for anyone, picks by the captain whose turn it is. */
export const pickRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/pug/:matchId/users',
    {
      schema: {
        tags,
        summary: "The Player Picker's data (solo-queue matches)",
        params: pickMatchParams,
        response: { 200: pickDataAnswer },
      },
    },
    async (request) => ({ data: await getPickData(app.ctx, request.params.matchId) }),
  );

  app.post(
    '/api/v1/pug/:matchId/select/:userId',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: 'Pick a player on your turn (a captain)',
        params: pickSelectParams,
        response: { 200: pickSelectAnswer },
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
