import {
  ladderSeasonAnswer,
  ladderSeasonParams,
  challengeAnswer,
  challengeBody,
  joinLadderAnswer,
  joinLadderBody,
  ladderIdParams,
  ladderKeyParams,
  ladderPageAnswer,
  laddersAnswer,
} from '@versus/common/api/ladders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { connectPageChanges, pagesChanged } from '../../core/page-cache.ts';
import { sendEncoded } from '../../lib/etag.ts';
import { requireUser, signedIn } from '../../lib/http.ts';
import { createChallenge } from './challenge.service.ts';
import { getLadderPageBody, getLadders, getSeasonStandings, joinLadder } from './ladder.service.ts';

const tags = ['Ladders'];

/**
 * Ladders: the list, a ladder's standings (by slug or id), joining, and challenges. Accept, decline and
 * cancel of a challenge are match commands (see match-detail.routes.ts).
 */
export const ladderRoutes: FastifyPluginAsyncZod = async (app) => {
  connectPageChanges(app.ctx, app.changes);
  app.get(
    '/api/v1/ladders',
    { schema: { tags, summary: 'Every ladder, open ones first', response: { 200: laddersAnswer } } },
    async () => getLadders(app.db),
  );

  app.get(
    '/api/v1/ladders/:slug',
    {
      schema: {
        tags,
        summary: "A ladder's standings, by slug or id",
        params: ladderKeyParams,
        response: { 200: ladderPageAnswer },
      },
    },
    // Encoded once per change and kind of viewer (see getLadderPageBody), with an ETag; tests check it
    // against ladderPageAnswer.
    async (request, reply) =>
      sendEncoded(request, reply, await getLadderPageBody(app.ctx, request.params.slug, request.user)),
  );

  app.get(
    '/api/v1/ladders/:slug/seasons/:number',
    {
      schema: {
        tags,
        summary: "A ladder season's final standings (empty until the season ends)",
        params: ladderSeasonParams,
        response: { 200: ladderSeasonAnswer },
      },
    },
    async (request) => getSeasonStandings(app.db, request.params.slug, request.params.number),
  );

  app.post(
    '/api/v1/ladders/:slug/join',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: 'Put a team you captain on the ladder',
        params: ladderKeyParams,
        body: joinLadderBody,
        response: { 201: joinLadderAnswer },
      },
    },
    async (request, reply) => {
      const user = requireUser(request.user);
      const start = app.config.ratings.start;
      const { slug } = request.params;
      const now = app.ctx.now();
      const result = await joinLadder(app.db, user, slug, request.body.teamId, start, now);
      await pagesChanged(app.ctx);
      return reply.status(201).send(result);
    },
  );

  app.post(
    '/api/v1/ladders/:ladderId/challenges',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: 'Challenge a team of the ladder (captain)',
        params: ladderIdParams,
        body: challengeBody,
        response: { 201: challengeAnswer },
      },
    },
    async (request, reply) => {
      const user = requireUser(request.user);
      const match = await createChallenge(app.ctx, user, request.params.ladderId, request.body);
      return reply.status(201).send({ data: match });
    },
  );
};
