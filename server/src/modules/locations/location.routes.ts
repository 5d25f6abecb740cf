import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { idParam, requireUser } from '../matches/route-params.ts';
import { listMatchLocations, voteLocation } from './location.service.ts';

/** The Location Voting modal's list and vote. */
export async function locationRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/v1/match-detail/location/:id', async (request) =>
    listMatchLocations(app.matchEngine, idParam(request.params, 'id'), request.user),
  );

  app.post('/api/v1/match-detail/location/:id/:locationId/select', async (request) => {
    const user = requireUser(request.user);
    const matchId = idParam(request.params, 'id');
    const locationId = idParam(request.params, 'locationId', 'Location');
    return voteLocation(app.matchEngine, user, matchId, locationId);
  });
}

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
