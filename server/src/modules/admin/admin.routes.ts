import {
  adminCancelAnswer,
  adminLocationAnswer,
  adminLocationParams,
  adminLocationsAnswer,
  adminMapAnswer,
  adminMapParams,
  adminMapsAnswer,
  adminMatchParams,
  adminOverviewAnswer,
  createLocationBody,
  createMapBody,
  updateLocationBody,
  updateMapBody,
} from '@versus/common/api/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FileStorage } from '../../storage/index.ts';
import { adminCompetitionRoutes } from './admin-competitions.routes.ts';
import { requireAdmin } from './admin.policies.ts';
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

const tags = ['Admin'];

/** The admin area. Every route of this plugin answers 401 signed out and 403 to non-admins. */
export const adminRoutes: FastifyPluginAsyncZod<{ storage: FileStorage }> = async (app, options) => {
  // Before validation: who asks is settled before what they sent is read.
  app.addHook('preValidation', async (request) => {
    requireAdmin(request.user);
  });

  app.get(
    '/api/v1/admin/overview',
    {
      schema: {
        tags,
        summary: "What needs an admin's attention",
        response: { 200: adminOverviewAnswer },
      },
    },
    async () => adminOverview(app.db),
  );

  app.post(
    '/api/v1/admin/matches/:id/cancel',
    {
      schema: {
        tags,
        summary: 'Cancel a match that is not finished',
        params: adminMatchParams,
        response: { 200: adminCancelAnswer },
      },
    },
    async (request) => adminCancelMatch(app.ctx, requireAdmin(request.user), request.params.id),
  );

  app.get(
    '/api/v1/admin/maps',
    { schema: { tags, summary: 'The maps catalogue', response: { 200: adminMapsAnswer } } },
    async () => getMaps(app.db),
  );
  app.post(
    '/api/v1/admin/maps',
    {
      schema: { tags, summary: 'Add a map', body: createMapBody, response: { 201: adminMapAnswer } },
    },
    async (request, reply) => reply.status(201).send(await createMap(app.db, request.body)),
  );
  app.patch(
    '/api/v1/admin/maps/:id',
    {
      schema: {
        tags,
        summary: 'Edit a map',
        params: adminMapParams,
        body: updateMapBody,
        response: { 200: adminMapAnswer },
      },
    },
    async (request) => editMap(app.db, request.params.id, request.body),
  );

  app.get(
    '/api/v1/admin/locations',
    {
      schema: { tags, summary: 'The server locations', response: { 200: adminLocationsAnswer } },
    },
    async () => getLocations(app.db),
  );
  app.post(
    '/api/v1/admin/locations',
    {
      schema: {
        tags,
        summary: 'Add a server location',
        body: createLocationBody,
        response: { 201: adminLocationAnswer },
      },
    },
    async (request, reply) => reply.status(201).send(await createLocation(app.db, request.body)),
  );
  app.patch(
    '/api/v1/admin/locations/:id',
    {
      schema: {
        tags,
        summary: 'Edit a server location',
        params: adminLocationParams,
        body: updateLocationBody,
        response: { 200: adminLocationAnswer },
      },
    },
    async (request) => editLocation(app.db, request.params.id, request.body),
  );

  await app.register(adminCompetitionRoutes, { storage: options.storage });
};
