import {
  locationMatchParams,
  locationPingsAnswer,
  locationPingsBody,
  locationVoteAnswer,
  locationVoteParams,
  matchLocationsAnswer,
} from '@versus/common/api/locations';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, signedIn } from '../../../lib/http.ts';
import { listMatchLocations, saveLocationPings, voteLocation } from './location.service.ts';

const tags = ['Match room'];

/** The Location Voting modal's list and vote. */
export const locationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/match-detail/location/:id',
    {
      schema: {
        tags,
        summary: 'The locations offered to the match, with their votes',
        params: locationMatchParams,
        response: { 200: matchLocationsAnswer },
      },
    },
    async (request) => listMatchLocations(app.ctx, request.params.id, request.user),
  );

  app.post(
    '/api/v1/match-detail/location/:id/:locationId/select',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: 'Vote for a server location (a player of the match)',
        params: locationVoteParams,
        response: { 200: locationVoteAnswer },
      },
    },
    async (request) =>
      voteLocation(app.ctx, requireUser(request.user), request.params.id, request.params.locationId),
  );

  app.post(
    '/api/v1/match-detail/location/:id/pings',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: "The latency the player's browser measured to each offered location (a player, in 11)",
        params: locationMatchParams,
        body: locationPingsBody,
        response: { 200: locationPingsAnswer },
      },
    },
    async (request) =>
      saveLocationPings(app.ctx, requireUser(request.user), request.params.id, request.body.pings),
  );
};

/**
 * `GET /ping`: the browser measures its latency to each location with `fetch({hostname}/ping)` from the
 * web app's origin, so the answer carries CORS for the allowed origins and is never cached.
 */
export async function pingRoutes(app: FastifyInstance): Promise<void> {
  const allowed = new Set(app.config.allowedOrigins);
  const cors = (request: FastifyRequest, reply: FastifyReply) => {
    const origin = request.headers.origin;
    if (typeof origin === 'string' && allowed.has(origin)) {
      void reply.header('Access-Control-Allow-Origin', origin);
    }
    void reply.header('Vary', 'Origin').header('Cache-Control', 'no-store');
  };
  app.get('/ping', async (request, reply) => {
    cors(request, reply);
    return reply.status(204).send();
  });
  app.options('/ping', async (request, reply) => {
    cors(request, reply);
    return reply
      .header('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS')
      .header('Access-Control-Max-Age', '600')
      .status(204)
      .send();
  });
}
