import {
  acceptBody,
  commandAnswer,
  lineupAnswer,
  lineupBody,
  matchDetailAnswer,
  matchIdParams,
  readyParams,
  statusActionsAnswer,
} from '@versus/common/api/matches';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, sendSerialized, serializeAnswer, signedIn } from '../../lib/http.ts';
import {
  acceptChallenge,
  cancelMatch,
  getMatchDetailBody,
  getStatusActions,
  setReady,
} from './match.service.ts';
import { getLineups, setLineup } from './lineup.service.ts';

const tags = ['Match room'];

/** The match detail page: its data, the status buttons' flags, and the status commands. */
export const matchDetailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/match-detail/:id',
    {
      schema: {
        tags,
        summary: 'The match detail page',
        params: matchIdParams,
        response: { 200: matchDetailAnswer },
      },
    },
    // The body comes serialized from the read cache (encoded once through this answer schema).
    async (request, reply) => {
      const body = await getMatchDetailBody(app.ctx, request.params.id, request.user, (answer) =>
        serializeAnswer(matchDetailAnswer, answer),
      );
      sendSerialized(reply, body);
    },
  );

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

  app.get(
    '/api/v1/match-detail/lineup/:id',
    {
      schema: {
        tags,
        summary: "Both lineups; a captain's roster to choose from",
        params: matchIdParams,
        response: { 200: lineupAnswer },
      },
    },
    async (request) => ({ data: await getLineups(app.ctx, request.params.id, request.user) }),
  );

  app.post(
    '/api/v1/match-detail/lineup/:id',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: "Set the captain's lineup (before the veto)",
        params: matchIdParams,
        body: lineupBody,
        response: { 200: commandAnswer },
      },
    },
    async (request) => setLineup(app.ctx, requireUser(request.user), request.params.id, request.body.lineup),
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
