import { requireAdmin } from '../../lib/http.ts';
import {
  adminGameServerSavedAnswer,
  adminGameServersAnswer,
  agentTokenAnswer,
  gameServerCommandAnswer,
  gameServerCreateSchema,
  gameServerIdParams,
  gameServerUpdateSchema,
  guestMatchParams,
  guestParams,
  matchGuestAnswer,
  matchGuestInputSchema,
  matchGuestsAnswer,
  moveServerInputSchema,
  removeGuestAnswer,
  restoreServerAnswer,
  restoreServerParams,
} from '@versus/common/api/game-servers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { poolRuntimeOf } from './game-server.registry.ts';
import { addGuest, listGuests, removeGuest } from './roster-lock.ts';
import {
  createGameServer,
  deleteGameServer,
  listGameServers,
  moveMatchServer,
  renewAgentToken,
  requirePool,
  restartMapAtScore,
  updateGameServer,
} from './hosts.service.ts';

const tags = ['Admin'];

/** The admin's game-server pool. Every route answers 401 signed out and 403 to non-admins. */
export const gameServerAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  // Before validation: who asks is settled before what they sent is read.
  app.addHook('preValidation', async (request) => {
    requireAdmin(request.user);
  });

  app.get(
    '/api/v1/admin/game-servers',
    { schema: { tags, summary: 'The pool of game servers', response: { 200: adminGameServersAnswer } } },
    async () => ({ data: await listGameServers(app.db) }),
  );

  app.post(
    '/api/v1/admin/game-servers',
    {
      schema: {
        tags,
        summary: 'Register a CoD4x server (checked over rcon; the agent token is shown once)',
        body: gameServerCreateSchema,
        response: { 201: adminGameServerSavedAnswer },
      },
    },
    async (request, reply) => {
      const pool = requirePool(poolRuntimeOf(app.ctx));
      const saved = await createGameServer(app.db, pool, request.body, new Date());
      return reply.status(201).send({ data: saved });
    },
  );

  app.patch(
    '/api/v1/admin/game-servers/:id',
    {
      schema: {
        tags,
        summary: 'Change a server (enabled: false takes it out of the pool)',
        params: gameServerIdParams,
        body: gameServerUpdateSchema,
        response: { 200: adminGameServerSavedAnswer },
      },
    },
    async (request) => {
      const pool = requirePool(poolRuntimeOf(app.ctx));
      return { data: await updateGameServer(app.db, pool, request.params.id, request.body, new Date()) };
    },
  );

  app.delete(
    '/api/v1/admin/game-servers/:id',
    {
      schema: {
        tags,
        summary: 'Remove a server from the pool',
        params: gameServerIdParams,
        response: { 200: gameServerCommandAnswer },
      },
    },
    async (request) => deleteGameServer(app.db, request.params.id),
  );

  app.post(
    '/api/v1/admin/game-servers/:id/agent-token',
    {
      schema: {
        tags,
        summary: 'A new log agent token for the server, shown once (the old one stops working)',
        params: gameServerIdParams,
        response: { 200: agentTokenAnswer },
      },
    },
    async (request) => ({ data: await renewAgentToken(app.db, request.params.id) }),
  );

  // Named guests the roster lock lets on a match's server.
  app.get(
    '/api/v1/admin/matches/:id/guests',
    {
      schema: {
        tags,
        summary: "The guests allowed on a match's server",
        params: guestMatchParams,
        response: { 200: matchGuestsAnswer },
      },
    },
    async (request) => ({ data: await listGuests(app.db, request.params.id) }),
  );

  app.post(
    '/api/v1/admin/matches/:id/guests',
    {
      schema: {
        tags,
        summary: "Allow a named guest (a caster, an observer) on a match's server",
        params: guestMatchParams,
        body: matchGuestInputSchema,
        response: { 201: matchGuestAnswer },
      },
    },
    async (request, reply) => {
      const admin = requireAdmin(request.user);
      const guest = await addGuest(app.db, request.params.id, request.body, admin.id, new Date());
      return reply.status(201).send({ data: guest });
    },
  );

  app.delete(
    '/api/v1/admin/matches/:id/guests/:guestId',
    {
      schema: {
        tags,
        summary: "Remove a guest from a match's server",
        params: guestParams,
        response: { 200: removeGuestAnswer },
      },
    },
    async (request) => removeGuest(app.db, request.params.id, request.params.guestId),
  );

  app.post(
    '/api/v1/admin/matches/:id/move-server',
    {
      schema: {
        tags,
        summary: 'Move a match in progress to another server of the pool',
        params: guestMatchParams,
        body: moveServerInputSchema,
        response: { 200: gameServerCommandAnswer },
      },
    },
    async (request) =>
      moveMatchServer(
        app.ctx,
        requirePool(poolRuntimeOf(app.ctx)),
        request.params.id,
        request.body.gameServerId,
      ),
  );

  app.post(
    '/api/v1/match/:id/server/restore',
    {
      schema: {
        tags,
        summary: "Restart the map being played on the match's server at the log's score",
        params: restoreServerParams,
        response: { 200: restoreServerAnswer },
      },
    },
    async (request) => {
      requirePool(poolRuntimeOf(app.ctx));
      return restartMapAtScore(app.ctx, request.params.id);
    },
  );
};
