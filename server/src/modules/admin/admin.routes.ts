import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../lib/validation.ts';
import { idParam } from '../matches/route-params.ts';
import { requireAdmin } from './admin.policies.ts';
import {
  createLocationSchema,
  createMapSchema,
  updateLocationSchema,
  updateMapSchema,
} from './admin.schemas.ts';
import {
  adminCancelMatch,
  adminOverview,
  createLocation,
  createMap,
  editLocation,
  editMap,
  getLocations,
  getMaps,
} from './admin.service.ts';

/** The admin area. Every route of this plugin answers 401 signed out and 403 to non-admins. */
export async function adminRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('preHandler', async (request) => {
    requireAdmin(request.user);
  });

  app.get('/api/v1/admin/overview', async () => adminOverview(app.db));

  app.post('/api/v1/admin/matches/:id/cancel', async (request) =>
    adminCancelMatch(app.matchEngine, requireAdmin(request.user), idParam(request.params, 'id')),
  );

  app.get('/api/v1/admin/maps', async () => getMaps(app.db));
  app.post('/api/v1/admin/maps', async (request, reply) =>
    reply.status(201).send(await createMap(app.db, parseInput(createMapSchema, request.body))),
  );
  app.patch('/api/v1/admin/maps/:id', async (request) =>
    editMap(app.db, idParam(request.params, 'id', 'Map'), parseInput(updateMapSchema, request.body)),
  );

  app.get('/api/v1/admin/locations', async () => getLocations(app.db));
  app.post('/api/v1/admin/locations', async (request, reply) =>
    reply.status(201).send(await createLocation(app.db, parseInput(createLocationSchema, request.body))),
  );
  app.patch('/api/v1/admin/locations/:id', async (request) =>
    editLocation(
      app.db,
      idParam(request.params, 'id', 'Location'),
      parseInput(updateLocationSchema, request.body),
    ),
  );
}
