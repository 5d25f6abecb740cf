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
import {
  roundWindowAnswer,
  roundWindowBody,
  roundWindowParams,
  roundWindowsAnswer,
} from '@versus/common/api/schedule';
import { messageAnswer } from '@versus/common/api/primitives';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFoundError } from '../../errors.ts';
import type { FileStorage } from '../../storage/index.ts';
import { isValidKey } from '../../storage/storage.ts';
import { createSeason, listAdminSeasons } from '../ladders/index.ts';
import { listRoundWindows, removeRoundWindow, setRoundWindow } from '../tournaments/index.ts';
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
import { adminCollectionRoutes } from './admin-collection.ts';

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

  adminCollectionRoutes(app, {
    path: '/api/v1/admin/games',
    params: adminGameParams,
    answers: { list: adminGamesAnswer, one: adminGameAnswer },
    list: { summary: 'Games', run: listGames },
    create: { summary: 'Add a game', body: createGameBody, run: createGame },
    edit: { summary: 'Edit a game', body: updateGameBody, run: editGame },
  });

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

  adminCollectionRoutes(app, {
    path: '/api/v1/admin/map-pools',
    params: adminMapPoolParams,
    answers: { list: adminMapPoolsAnswer, one: adminMapPoolAnswer },
    list: { summary: 'Map pools', run: listMapPools },
    create: { summary: 'Add a map pool', body: createMapPoolBody, run: createMapPool },
    edit: { summary: 'Rename a map pool or change its maps', body: updateMapPoolBody, run: editMapPool },
  });

  adminCollectionRoutes(app, {
    path: '/api/v1/admin/ladders',
    params: adminLadderParams,
    answers: { list: adminLaddersAnswer, one: adminLadderAnswer },
    list: { summary: 'Ladders', run: listLadders },
    get: { summary: "A ladder's settings", run: getLadder },
    create: { summary: 'Create a ladder', body: createLadderBody, run: createLadder },
    edit: { summary: 'Edit, open or close a ladder', body: updateLadderBody, run: editLadder },
  });

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

  adminCollectionRoutes(app, {
    path: '/api/v1/admin/solo-queues',
    params: adminSoloQueueParams,
    answers: { list: adminSoloQueuesAnswer, one: adminSoloQueueAnswer },
    list: { summary: 'Solo-queues', run: listSoloQueues },
    get: { summary: "A solo-queue's settings", run: getSoloQueue },
    create: { summary: 'Create a solo-queue', body: createSoloQueueBody, run: createSoloQueue },
    edit: { summary: 'Edit, open or close a solo-queue', body: updateSoloQueueBody, run: editSoloQueue },
  });

  adminCollectionRoutes(app, {
    path: '/api/v1/admin/tournaments',
    params: adminTournamentParams,
    answers: { list: adminTournamentsAnswer, one: adminTournamentAnswer },
    list: { summary: 'Tournaments', run: listAdminTournaments },
    get: { summary: "A tournament's settings", run: getAdminTournament },
    create: { summary: 'Create a tournament', body: createTournamentBody, run: createTournament },
    edit: {
      summary: 'Edit or cancel a tournament (the draw settings only before the start)',
      body: updateTournamentBody,
      run: editTournament,
    },
  });
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

  // Round windows for agreeing match times (docs/scheduling.md).
  app.get(
    '/api/v1/admin/tournaments/:id/round-windows',
    {
      schema: {
        tags,
        summary: "A tournament's round windows",
        params: adminTournamentParams,
        response: { 200: roundWindowsAnswer },
      },
    },
    async (request) => listRoundWindows(app.db, request.params.id),
  );
  app.put(
    '/api/v1/admin/tournaments/:id/round-windows/:round',
    {
      schema: {
        tags,
        summary: "Set a round's window for agreeing match times, and its deadline rule",
        params: roundWindowParams,
        body: roundWindowBody,
        response: { 200: roundWindowAnswer },
      },
    },
    async (request) => setRoundWindow(app.db, request.params.id, request.params.round, request.body),
  );
  app.delete(
    '/api/v1/admin/tournaments/:id/round-windows/:round',
    {
      schema: {
        tags,
        summary: "Remove a round's window",
        params: roundWindowParams,
        response: { 200: messageAnswer },
      },
    },
    async (request) => removeRoundWindow(app.db, request.params.id, request.params.round),
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
