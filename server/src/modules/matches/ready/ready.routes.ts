import {
  acceptBody,
  commandAnswer,
  matchIdParams,
  readyParams,
  statusActionsAnswer,
} from '@versus/common/api/matches';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, signedIn } from '../../../lib/http.ts';
import { acceptChallenge, cancelMatch, getStatusActions, setReady } from './ready.service.ts';

const tags = ['Match room'];

/** The match room's status buttons: the viewer's flags, accept, ready or not ready, decline or cancel. */
export const readyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/match-detail/status/:id/actions',
    {
      schema: {
        tags,
        summary: "The viewer's status buttons",
        params: matchIdParams,
        response: { 200: statusActionsAnswer },
      },
    },
    async (request) => ({
      data: await getStatusActions(app.ctx, request.params.id, request.user),
    }),
  );

  app.post(
    '/api/v1/match-detail/status/:id/accept',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: 'Accept a challenge (optionally with the lineup)',
        params: matchIdParams,
        body: acceptBody,
        response: { 200: commandAnswer },
      },
    },
    async (request) =>
      acceptChallenge(app.ctx, requireUser(request.user), request.params.id, request.body.lineup),
  );

  app.post(
    '/api/v1/match-detail/status/:id/cancel',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: 'Decline or cancel a match',
        params: matchIdParams,
        response: { 200: commandAnswer },
      },
    },
    async (request) => cancelMatch(app.ctx, requireUser(request.user), request.params.id),
  );

  app.post(
    '/api/v1/match-detail/status/:id/ready/:ready',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: 'Set ready (1) or not ready (0)',
        params: readyParams,
        response: { 200: commandAnswer },
      },
    },
    async (request) =>
      setReady(app.ctx, requireUser(request.user), request.params.id, request.params.ready === '1'),
  );
};
