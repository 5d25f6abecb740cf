import {
  adminSeasonAnswer,
  adminSeasonsAnswer,
  createSeasonBody,
  adminGameAnswer,
  adminGameParams,
  adminGamesAnswer,
  adminLadderAnswer,
  adminLadderParams,
  adminLaddersAnswer,
  adminMapAnswer,
  adminMapParams,
  adminMapPoolAnswer,
  adminMapPoolParams,
  adminMapPoolsAnswer,
  adminSoloQueueAnswer,
  adminSoloQueueParams,
  adminSoloQueuesAnswer,
  adminTournamentAnswer,
  adminTournamentParams,
  adminTournamentsAnswer,
  createGameBody,
  createLadderBody,
  createMapPoolBody,
  createSoloQueueBody,
  createTournamentBody,
  mapImageBody,
  tournamentSeedsAnswer,
  tournamentSeedsBody,
  updateGameBody,
  updateLadderBody,
  updateMapPoolBody,
  updateSoloQueueBody,
  updateTournamentBody,
} from '@versus/common/api/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFoundError } from '../../errors.ts';
import type { FileStorage } from '../../storage/index.ts';
import { isValidKey } from '../../storage/storage.ts';
import { createSeason, listAdminSeasons } from '../ladders/index.ts';
import {
  createGame,
  createLadder,
  createMapPool,
  createSoloQueue,
  createTournament,
  editGame,
  editLadder,
  editMapPool,
  editSoloQueue,
  editTournament,
  getAdminTournament,
  getLadder,
  getSoloQueue,
  listAdminTournaments,
  listGames,
  listLadders,
  listMapPools,
  listSoloQueues,
  MAP_IMAGE_MAX_BYTES,
  MAP_IMAGE_PREFIX,
  setTournamentSeeds,
  uploadMapImage,
} from './admin-competitions.service.ts';

const tags = ['Admin'];
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'application/octet-stream'];

export interface AdminCompetitionRoutesOptions {
  storage: FileStorage;
}

/** Games, map pools, map images and the three competitions (registered inside the admin plugin). */
export const adminCompetitionRoutes: FastifyPluginAsyncZod<AdminCompetitionRoutesOptions> = async (
  app,
  options,
) => {
  app.addContentTypeParser(
    IMAGE_TYPES,
    { parseAs: 'buffer', bodyLimit: MAP_IMAGE_MAX_BYTES * 2 },
    (_request, body, done) => done(null, body),
  );

  app.get(
    '/api/v1/admin/games',
    { schema: { tags, summary: 'Games', response: { 200: adminGamesAnswer } } },
    async () => listGames(app.db),
  );
  app.post(
    '/api/v1/admin/games',
    { schema: { tags, summary: 'Add a game', body: createGameBody, response: { 201: adminGameAnswer } } },
    async (request, reply) => reply.status(201).send(await createGame(app.db, request.body)),
  );
  app.patch(
    '/api/v1/admin/games/:id',
    {
      schema: {
        tags,
        summary: 'Edit a game',
        params: adminGameParams,
        body: updateGameBody,
        response: { 200: adminGameAnswer },
      },
    },
    async (request) => editGame(app.db, request.params.id, request.body),
  );

  app.post(
    '/api/v1/admin/maps/:id/image',
    {
      bodyLimit: MAP_IMAGE_MAX_BYTES * 2,
      schema: {
        tags,
        summary: "Upload a map's image (the PNG, JPEG or WebP bytes as the body)",
        consumes: IMAGE_TYPES,
        params: adminMapParams,
        body: mapImageBody,
        response: { 200: adminMapAnswer },
      },
    },
    async (request) => {
      const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      return uploadMapImage(app.db, options.storage, request.params.id, bytes);
    },
  );

  app.get(
    '/api/v1/admin/map-pools',
    { schema: { tags, summary: 'Map pools', response: { 200: adminMapPoolsAnswer } } },
    async () => listMapPools(app.db),
  );
  app.post(
    '/api/v1/admin/map-pools',
    {
      schema: {
        tags,
        summary: 'Add a map pool',
        body: createMapPoolBody,
        response: { 201: adminMapPoolAnswer },
      },
    },
    async (request, reply) => reply.status(201).send(await createMapPool(app.db, request.body)),
  );
  app.patch(
    '/api/v1/admin/map-pools/:id',
    {
      schema: {
        tags,
        summary: 'Rename a map pool or change its maps',
        params: adminMapPoolParams,
        body: updateMapPoolBody,
        response: { 200: adminMapPoolAnswer },
      },
    },
    async (request) => editMapPool(app.db, request.params.id, request.body),
  );

  app.get(
    '/api/v1/admin/ladders',
    { schema: { tags, summary: 'Ladders', response: { 200: adminLaddersAnswer } } },
    async () => listLadders(app.db),
  );
  app.get(
    '/api/v1/admin/ladders/:id',
    {
      schema: {
        tags,
        summary: "A ladder's settings",
        params: adminLadderParams,
        response: { 200: adminLadderAnswer },
      },
    },
    async (request) => getLadder(app.db, request.params.id),
  );
  app.post(
    '/api/v1/admin/ladders',
    {
      schema: {
        tags,
        summary: 'Create a ladder',
        body: createLadderBody,
        response: { 201: adminLadderAnswer },
      },
    },
    async (request, reply) => reply.status(201).send(await createLadder(app.db, request.body)),
  );
  app.patch(
    '/api/v1/admin/ladders/:id',
    {
      schema: {
        tags,
        summary: 'Edit, open or close a ladder',
        params: adminLadderParams,
        body: updateLadderBody,
        response: { 200: adminLadderAnswer },
      },
    },
    async (request) => editLadder(app.db, request.params.id, request.body),
  );

  app.get(
    '/api/v1/admin/ladders/:id/seasons',
    {
      schema: {
        tags,
        summary: "A ladder's seasons",
        params: adminLadderParams,
        response: { 200: adminSeasonsAnswer },
      },
    },
    async (request) => listAdminSeasons(app.db, request.params.id),
  );
  app.post(
    '/api/v1/admin/ladders/:id/seasons',
    {
      schema: {
        tags,
        summary: "Add a ladder's next season (its start resets the ratings halfway)",
        params: adminLadderParams,
        body: createSeasonBody,
        response: { 201: adminSeasonAnswer },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createSeason(app.db, request.params.id, request.body)),
  );

  app.get(
    '/api/v1/admin/solo-queues',
    { schema: { tags, summary: 'Solo-queues', response: { 200: adminSoloQueuesAnswer } } },
    async () => listSoloQueues(app.db),
  );
  app.get(
    '/api/v1/admin/solo-queues/:id',
    {
      schema: {
        tags,
        summary: "A solo-queue's settings",
        params: adminSoloQueueParams,
        response: { 200: adminSoloQueueAnswer },
      },
    },
    async (request) => getSoloQueue(app.db, request.params.id),
  );
  app.post(
    '/api/v1/admin/solo-queues',
    {
      schema: {
        tags,
        summary: 'Create a solo-queue',
        body: createSoloQueueBody,
        response: { 201: adminSoloQueueAnswer },
      },
    },
    async (request, reply) => reply.status(201).send(await createSoloQueue(app.db, request.body)),
  );
  app.patch(
    '/api/v1/admin/solo-queues/:id',
    {
      schema: {
        tags,
        summary: 'Edit, open or close a solo-queue',
        params: adminSoloQueueParams,
        body: updateSoloQueueBody,
        response: { 200: adminSoloQueueAnswer },
      },
    },
    async (request) => editSoloQueue(app.db, request.params.id, request.body),
  );

  app.get(
    '/api/v1/admin/tournaments',
    { schema: { tags, summary: 'Tournaments', response: { 200: adminTournamentsAnswer } } },
    async () => listAdminTournaments(app.db),
  );
  app.get(
    '/api/v1/admin/tournaments/:id',
    {
      schema: {
        tags,
        summary: "A tournament's settings",
        params: adminTournamentParams,
        response: { 200: adminTournamentAnswer },
      },
    },
    async (request) => getAdminTournament(app.db, request.params.id),
  );
  app.post(
    '/api/v1/admin/tournaments',
    {
      schema: {
        tags,
        summary: 'Create a tournament',
        body: createTournamentBody,
        response: { 201: adminTournamentAnswer },
      },
    },
    async (request, reply) => reply.status(201).send(await createTournament(app.db, request.body)),
  );
  app.patch(
    '/api/v1/admin/tournaments/:id',
    {
      schema: {
        tags,
        summary: 'Edit or cancel a tournament (the draw settings only before the start)',
        params: adminTournamentParams,
        body: updateTournamentBody,
        response: { 200: adminTournamentAnswer },
      },
    },
    async (request) => editTournament(app.db, request.params.id, request.body),
  );
  app.put(
    '/api/v1/admin/tournaments/:id/seeds',
    {
      schema: {
        tags,
        summary: 'Seed signed-up teams by hand (manual seeding)',
        params: adminTournamentParams,
        body: tournamentSeedsBody,
        response: { 200: tournamentSeedsAnswer },
      },
    },
    async (request) => setTournamentSeeds(app.db, request.params.id, request.body),
  );
};

/** Map images are public, like avatars: the random file name is the key. Outside the admin plugin. */
export const mapImageRoutes: FastifyPluginAsyncZod<AdminCompetitionRoutesOptions> = async (app, options) => {
  app.get(
    '/uploads/maps/:file',
    { schema: { hide: true, params: z.object({ file: z.string() }) } },
    async (request, reply) => {
      const key = `${MAP_IMAGE_PREFIX}${request.params.file}`;
      const ext = /\.(png|jpg|webp)$/.exec(request.params.file)?.[1];
      const type =
        ext === 'png' ? 'image/png' : ext === 'jpg' ? 'image/jpeg' : ext === 'webp' ? 'image/webp' : null;
      const file = type && isValidKey(key) ? await options.storage.get(key) : null;
      if (!file || !type) throw new NotFoundError();
      return reply
        .type(type)
        .header('Cache-Control', 'public, max-age=86400, immutable')
        .header('X-Content-Type-Options', 'nosniff')
        .send(file.bytes);
    },
  );
};
