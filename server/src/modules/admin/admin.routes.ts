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
import { pagesChanged } from '../../core/page-cache.ts';
import { requireAdmin } from '../../lib/http.ts';
import type { FileStorage } from '../../storage/index.ts';
import { adminCollectionRoutes } from './admin-collection.ts';
import { adminCompetitionRoutes } from './admin-competitions.routes.ts';
import { stuckMatchRoutes } from './stuck-matches.routes.ts';
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
  // An admin's accepted write (a competition's settings, seeds, round windows, a map, a location, a player, a
  // cancelled match...) may change what the cached public pages show: they are dropped on every instance
  // before the answer goes out (server/src/core/page-cache.ts). Admin writes are rare; the pages are read again.
  app.addHook('onSend', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) {
      await pagesChanged(app.ctx);
    }
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

  adminCollectionRoutes(app, {
    path: '/api/v1/admin/maps',
    params: adminMapParams,
    answers: { list: adminMapsAnswer, one: adminMapAnswer },
    list: { summary: 'The maps catalogue', run: getMaps },
    create: { summary: 'Add a map', body: createMapBody, run: createMap },
    edit: { summary: 'Edit a map', body: updateMapBody, run: editMap },
  });
  adminCollectionRoutes(app, {
    path: '/api/v1/admin/locations',
    params: adminLocationParams,
    answers: { list: adminLocationsAnswer, one: adminLocationAnswer },
    list: { summary: 'The server locations', run: getLocations },
    create: { summary: 'Add a server location', body: createLocationBody, run: createLocation },
    edit: { summary: 'Edit a server location', body: updateLocationBody, run: editLocation },
  });

  await app.register(adminCompetitionRoutes, { storage: options.storage });
  await app.register(stuckMatchRoutes);
};
