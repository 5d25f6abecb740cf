import {
  matchIdParams,
  vetoMatchAnswer,
  vetoSelectAnswer,
  vetoSelectParams,
} from '@versus/common/api/matches';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendEncoded } from '../../../lib/etag.ts';
import { requireUser, signedIn } from '../../../lib/http.ts';
import { exceptRequester } from '../../../realtime/index.ts';
import { getVetoMatchAnswer, readyVetoMatchBody, selectVetoMap } from './veto.service.ts';

const tags = ['Match room'];

/** The veto-shaped match and a veto turn (the match's game server box is the game-servers module's). */
export const vetoRoutes: FastifyPluginAsyncZod = async (app) => {
  // The body comes as bytes from the read cache, with its ETag (304 when the browser holds it): the hot read
  // of the veto room.
  // The same bytes before routing while the match is in memory (plugins/hot-reads.ts): any visitor.
  app.hotReads.add({
    route: '/api/v1/match/:id',
    path: '/api/v1/match/',
    id: 'path',
    viewer: 'any',
    answer: (id) => readyVetoMatchBody(app.ctx, id),
  });
  app.get(
    '/api/v1/match/:id',
    {
      schema: {
        tags,
        summary: 'The veto-shaped match',
        params: matchIdParams,
        response: { 200: vetoMatchAnswer },
      },
    },
    async (request, reply) => {
      const answer = await getVetoMatchAnswer(app.ctx, request.params.id);
      return sendEncoded(request, reply, answer.encoded);
    },
  );

  app.post(
    '/api/v1/match/:matchId/map/:mapId',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: 'Ban or pick a map on your veto turn',
        params: vetoSelectParams,
        response: { 200: vetoSelectAnswer },
      },
    },
    async (request) =>
      selectVetoMap(
        app.ctx,
        requireUser(request.user),
        request.params.matchId,
        request.params.mapId,
        exceptRequester(request),
      ),
  );
};
