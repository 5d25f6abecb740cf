import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { devRoutes } from './modules/dev/dev.routes.ts';
import { gameServerRoutes } from './modules/game-servers/game-server.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { ladderRoutes } from './modules/ladders/ladder.routes.ts';
import { matchDetailRoutes } from './modules/matches/match-detail.routes.ts';
import { matchEnginePlugin } from './modules/matches/match-engine.plugin.ts';
import { matchRoutes } from './modules/matches/match.routes.ts';
import { disputeRoutes } from './modules/disputes/dispute.routes.ts';
import { matchPlayersRoutes } from './modules/match-players/match-players.routes.ts';
import { scoreRoutes } from './modules/scores/score.routes.ts';
import { subRoutes } from './modules/subs/sub.routes.ts';
import { chatRoutes } from './modules/chat/chat.routes.ts';
import { locationCountdownPlugin } from './modules/locations/location-countdown.plugin.ts';
import { locationRoutes, pingRoutes } from './modules/locations/location.routes.ts';
import { pugRoutes } from './modules/pug/pug.routes.ts';
import { soloQueueRoutes } from './modules/solo-queue/solo-queue.routes.ts';
import { anticheatRoutes } from './modules/anticheat/anticheat.routes.ts';
import { screenshotRoutes } from './modules/screenshots/screenshot.routes.ts';
import { statisticsRoutes } from './modules/statistics/statistics.routes.ts';
import { createStorage } from './storage/index.ts';
import { activeMatchRoutes } from './modules/active-matches/active-match.routes.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { tournamentRoutes } from './modules/tournaments/tournament.routes.ts';
import { notificationRoutes } from './modules/notifications/notification.routes.ts';
import { teamRoutes } from './modules/teams/team.routes.ts';
import { userRoutes } from './modules/users/user.routes.ts';
import { csrfPlugin } from './plugins/csrf.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { sessionPlugin } from './plugins/session.ts';
import { socketIdPlugin } from './plugins/socket-id.ts';
import { realtimePlugin } from './realtime/index.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
export const WEB_DIST = path.resolve(here, '../../web/dist');
export const PUBLIC_DIR = path.resolve(here, '../public');

export interface BuildAppOptions {
  config: Config;
  db: Db;
  logger?: FastifyServerOptions['logger'];
  /** The clock of the match engine (epoch ms); tests pass a fake one. */
  now?: () => number;
}

/**
 * Builds the whole application without listening (tests call `app.inject`). Plugins load in a fixed
 * order: framework (cookies, bodies) -> app-wide (errors, CSRF, socket id, session) -> routes ->
 * static files and the single-page-app fallback.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: true,
    bodyLimit: 1024 * 1024,
    forceCloseConnections: 'idle',
    requestIdHeader: false,
  });
  app.decorate('config', options.config);
  app.decorate('db', options.db);
  // One file storage for uploads (screenshots, avatars) and the demo scenarios.
  const storage = createStorage(options.config);

  await app.register(cookie);
  await app.register(formbody);
  await app.register(errorsPlugin);
  await app.register(csrfPlugin);
  await app.register(socketIdPlugin);
  await app.register(sessionPlugin);

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(realtimePlugin, options.config);
  await app.register(matchEnginePlugin, { config: options.config, now: options.now });
  await app.register(ladderRoutes);
  await app.register(matchRoutes);
  await app.register(matchDetailRoutes);
  await app.register(gameServerRoutes);
  await app.register(scoreRoutes);
  await app.register(disputeRoutes);
  await app.register(subRoutes);
  await app.register(matchPlayersRoutes);
  await app.register(locationCountdownPlugin, {
    intervalMs: options.config.matches.locationCountdownIntervalMs,
  });
  await app.register(soloQueueRoutes);
  await app.register(pugRoutes);
  await app.register(locationRoutes);
  await app.register(pingRoutes);
  await app.register(chatRoutes);
  await app.register(statisticsRoutes);
  await app.register(anticheatRoutes);
  await app.register(screenshotRoutes, {
    storage,
    ...options.config.screenshots,
  });
  // Platform around the match: header panels, profiles, teams, ladders, tournaments, admin.
  await app.register(activeMatchRoutes);
  await app.register(notificationRoutes);
  await app.register(userRoutes, { storage });
  await app.register(teamRoutes);
  await app.register(tournamentRoutes);
  await app.register(adminRoutes);
  if (options.config.matches.devEndpoints) await app.register(devRoutes, { storage });

  registerStatic(app);
  return app;
}

function registerStatic(app: FastifyInstance): void {
  const roots = [WEB_DIST, PUBLIC_DIR].filter((dir) => fs.existsSync(dir));
  if (roots.length > 0) void app.register(fastifyStatic, { root: roots, wildcard: true, index: false });
  // Vite's hashed build output (/assets/*) never changes under one name, so browsers keep it without
  // asking again; everything else (the page, images, favicon) is revalidated as before.
  const assets = path.join(WEB_DIST, 'assets');
  if (fs.existsSync(assets)) {
    void app.register(fastifyStatic, {
      root: assets,
      prefix: '/assets/',
      maxAge: '365d',
      immutable: true,
      index: false,
      decorateReply: false,
    });
  }
  const indexHtml = path.join(WEB_DIST, 'index.html');

  // @fastify/static answers a bare directory path ("/") with 403 when `index` is off, so the app's
  // entry page gets its own route.
  app.get('/', async (_request, reply) => {
    if (!fs.existsSync(indexHtml)) return reply.status(404).send({ message: 'Not found.' });
    return reply.type('text/html').header('Cache-Control', 'no-cache').sendFile('index.html', WEB_DIST);
  });

  app.setNotFoundHandler(async (request, reply) => {
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !/^\/(api|broadcasting|apps|app)(\/|$)/.test(request.url) &&
      fs.existsSync(indexHtml);
    // Client-side routes (/match/12, /user/player1) all get the app's page; the router takes over.
    if (isPage)
      return reply.type('text/html').header('Cache-Control', 'no-cache').sendFile('index.html', WEB_DIST);
    return reply.status(404).send({ message: 'Not found.' });
  });
}
