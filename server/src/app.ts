import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import type { Config } from './config.ts';
import { createAppContext } from './core/app-context.ts';
import { createChangeBus } from './core/change-bus.ts';
import type { Db, PoolUse } from './db/client.ts';
import { metricsPlugin } from './metrics/metrics.plugin.ts';
import { matchSweeperPlugin } from './jobs/match-sweeper.plugin.ts';
import { stuckMatchesPlugin } from './jobs/stuck-matches.plugin.ts';
import { registerMatchSubscribers } from './match-subscribers.ts';
import { activeMatchRoutes } from './modules/active-matches/index.ts';
import { adminRoutes, mapImageRoutes } from './modules/admin/index.ts';
import { anticheatRoutes } from './modules/anticheat/index.ts';
import { authRoutes, passwordResetRoutes, SESSION_COOKIE, sessionIdHasher } from './modules/auth/index.ts';
import { devRoutes } from './modules/dev/index.ts';
import { effectsPlugin } from './modules/effects/index.ts';
import { gameServerAdminRoutes, gameServerPlugin, gameServerRoutes } from './modules/game-servers/index.ts';
import { matchLogRoutes } from './modules/match-log/index.ts';
import { playerIdRoutes } from './modules/player-ids/index.ts';
import { calendarRoutes } from './modules/calendar/index.ts';
import { healthRoutes } from './modules/health/index.ts';
import { ladderRoutes } from './modules/ladders/index.ts';
import {
  chatRoutes,
  disputeRoutes,
  lineupRoutes,
  scheduleRoutes,
  locationCountdownPlugin,
  locationRoutes,
  matchDetailRoutes,
  matchPlayersRoutes,
  mayFollowDispute,
  pickRoutes,
  pingRoutes,
  readyRoutes,
  scoreRoutes,
  subRoutes,
  vetoRoutes,
} from './modules/matches/index.ts';
import { connectNotificationChanges, notificationRoutes } from './modules/notifications/index.ts';
import { ratingRoutes } from './modules/ratings/index.ts';
import { resultRoutes } from './modules/results/index.ts';
import { screenshotRoutes } from './modules/screenshots/index.ts';
import { demoRoutes } from './modules/demos/index.ts';
import { soloQueueRoutes } from './modules/solo-queue/index.ts';
import { createMatchLogStatistics, statisticsRoutes } from './modules/statistics/index.ts';
import { teamRoutes } from './modules/teams/index.ts';
import { tournamentRoutes } from './modules/tournaments/index.ts';
import { userRoutes } from './modules/users/index.ts';
import { teamWebhookRoutes, webhookAdminRoutes } from './modules/webhooks/index.ts';
import { lazyChildLoggerFactory } from './lib/lazy-logger.ts';
import { requestLineWriterOf, type RequestLine } from './logging.ts';
import { createMailer } from './mail/index.ts';
import { createStorage } from './storage/index.ts';
import { contractPlugin } from './plugins/contract.ts';
import { addPendingXsrfCookie, csrfPlugin, XSRF_COOKIE } from './plugins/csrf.ts';
import { HotReads } from './plugins/hot-reads.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { inputGuardPlugin } from './plugins/input-guard.ts';
import { rateLimitsPlugin } from './plugins/rate-limits.ts';
import { isPageNavigation, literalPath, navigationPageStep } from './plugins/navigation-pages.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { apiTokenRoutes } from './modules/api-tokens/index.ts';
import { moderationAdminRoutes, reportRoutes } from './modules/moderation/index.ts';
import { sessionPlugin } from './plugins/session.ts';
import { socketIdPlugin } from './plugins/socket-id.ts';
import { realtimePlugin, ticketOfChannel } from './realtime/index.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
export const WEB_DIST = path.resolve(here, '../../web/dist');
export const PUBLIC_DIR = path.resolve(here, '../public');
/** The API's version in the OpenAPI document. */
const API_VERSION = '1.0.0';

export interface BuildAppOptions {
  config: Config;
  db: Db;
  logger?: FastifyServerOptions['logger'];
  /** The app's clock (epoch ms, `app.ctx.now`); tests pass a fake one. */
  now?: () => number;
  /** The database pool's use for `/metrics` (`Database.poolUse`); none by default. */
  poolUse?: () => PoolUse | null;
}

/**
 * The request log (docs/operations.md#logs): one line per answered request with its request id, status, time
 * taken, method and path, instead of Fastify's pair ("incoming request", "request completed"), which on a busy
 * development start spent a fifth of the server's time formatting readable lines. Error lines stay Fastify's.
 */
/** The levels at which `info` lines are written. */
const INFO_ENABLED = new Set(['trace', 'debug', 'info']);

class RequestLog extends LogController {
  /** The log's direct request-line writer (server/src/logging.ts): request lines skip pino and the child logger. */
  constructor(private readonly writeLine: ((line: RequestLine) => void) | null) {
    super();
  }

  /** Whether lines go straight to the log's stream (`serverLog`), not through pino. */
  get direct(): boolean {
    return this.writeLine !== null;
  }

  override incomingRequest(): void {
    // Logged once, when answered.
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) {
      const fields = this.fieldsOf(request.method, request.url, reply.statusCode, reply.elapsedTime);
      reply.log.error({ ...fields, err: error }, 'request errored');
      return;
    }
    this.completed(reply.log, request.id, request.method, request.url, reply.statusCode, reply.elapsedTime);
  }

  /** The line of an answered request (a hot read's too, plugins/hot-reads.ts). */
  completed(
    log: FastifyBaseLogger,
    reqId: string,
    method: string,
    url: string,
    statusCode: number,
    elapsedMs: number,
  ): void {
    if (this.writeLine !== null) {
      if (!INFO_ENABLED.has(log.level)) return;
      // The line pino (or pino-pretty) would have written for the fields below.
      this.writeLine({
        time: Date.now(),
        reqId,
        statusCode,
        responseTime: Math.round(elapsedMs * 10) / 10,
        method,
        url,
      });
      return;
    }
    log.info(this.fieldsOf(method, url, statusCode, elapsedMs), 'request completed');
  }

  private fieldsOf(method: string, url: string, statusCode: number, elapsedMs: number) {
    return { res: { statusCode }, responseTime: Math.round(elapsedMs * 10) / 10, method, url };
  }
}

/**
 * Builds the whole application without listening (tests call `app.inject`). Plugins load in a fixed
 * order: framework (cookies, bodies) -> app-wide (errors, CSRF, socket id, session) -> routes ->
 * static files and the single-page-app fallback.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { timeouts } = options.config;
  // The hottest reads, answered from memory before Fastify routes them (plugins/hot-reads.ts); they share
  // Fastify's request ids and HTTP server.
  const hotReads = new HotReads(options.config.hotReads);
  const requestLog = new RequestLog(requestLineWriterOf(options.logger));
  const app = Fastify({
    logger: options.logger ?? false,
    // Off unless TRUST_PROXY names the proxies (hop count or addresses): X-Forwarded-For is otherwise ignored.
    trustProxy: trustProxySetting(options.config.trustProxy),
    // The server Fastify would make, with these timeouts: a request not fully received (headers and body) in
    // time, or headers not in time, gets 408 and is closed.
    serverFactory: hotReads.serverFactory({
      requestTimeout: timeouts.requestMs,
      keepAliveTimeout: timeouts.keepAliveMs,
      http: {
        headersTimeout: Math.min(timeouts.headersMs, timeouts.requestMs || timeouts.headersMs),
        // Node looks for expired requests this often (default 30 s): often enough for the timeouts to hold.
        connectionsCheckingInterval: Math.max(100, Math.min(1000, timeouts.headersMs)),
      },
    }),
    bodyLimit: 1024 * 1024,
    forceCloseConnections: 'idle',
    requestIdHeader: false,
    genReqId: hotReads.requestId,
    logController: requestLog,
    childLoggerFactory: lazyChildLoggerFactory,
    // A path with a malformed escape (`/user/a%ZZ`) names nothing: the API's 404, not Fastify's own error
    // shape. Typed into the address bar, it is sent on to the same path read literally (`%` as `%25`), whose
    // page says what is not there (these answers skip the hooks, security headers included).
    frameworkErrors: (error, request, reply: FastifyReply) => {
      if (error.code !== 'FST_ERR_BAD_URL') void reply.status(400).send({ message: error.message });
      else if (isPageNavigation(request)) void reply.redirect(literalPath(request.url), 302);
      else void reply.status(404).send({ message: 'Not found.' });
    },
  });
  app.decorate('config', options.config);
  app.decorate('db', options.db);
  app.decorate('hotReads', hotReads);
  // Set when a graceful shutdown begins (server.ts, or any app.close()): readiness answers 503 from then on.
  const lifecycle = { draining: false };
  app.decorate('lifecycle', lifecycle);
  app.addHook('preClose', (done) => {
    lifecycle.draining = true;
    done();
  });
  // One file storage for uploads (screenshots, avatars) and the demo scenarios.
  const storage = createStorage(options.config);

  // Cookies are read by the CSRF hook (one hook for both, plugins/csrf.ts).
  await app.register(cookie, { hook: false });
  await app.register(formbody);
  await app.register(errorsPlugin);
  await app.register(contractPlugin, { version: API_VERSION });
  await app.register(csrfPlugin);
  await app.register(inputGuardPlugin);
  await app.register(socketIdPlugin);
  const changes = await createChangeBus(options.config.redisUrl, options.config.redisKeyPrefix, app.log);
  app.decorate('changes', changes);
  app.addHook('onClose', () => changes.close());
  await app.register(sessionPlugin);
  await app.register(rateLimitsPlugin);
  // A visitor's new XSRF-TOKEN cookie (plugins/csrf.ts) is added, and a bad address's navigation page
  // (plugins/navigation-pages.ts) chosen, in the security headers' hook, so that the page gets a document's
  // headers; one hook for the three.
  const navigationPage = navigationPageStep(path.join(WEB_DIST, 'index.html'));
  await app.register(securityHeadersPlugin, {
    indexHtmlPath: path.join(WEB_DIST, 'index.html'),
    before: (request, reply, payload) => {
      addPendingXsrfCookie(request, reply);
      return navigationPage(request, reply, payload);
    },
  });

  await app.register(metricsPlugin, { poolUse: options.poolUse ?? (() => null) });
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(realtimePlugin, {
    ...options.config,
    // A ticket's channel has the ticket's readers (asked at subscription time, when `app.ctx` exists).
    dataChannelAccess: async (channel, user) => {
      const ticketId = ticketOfChannel(channel);
      return ticketId === null ? null : mayFollowDispute(app.ctx, user, ticketId);
    },
  });
  // The context every module is given; match events get their subscribers in one place.
  app.decorate(
    'ctx',
    createAppContext({
      db: options.db,
      now: options.now,
      broadcaster: app.broadcaster,
      log: app.log,
      config: options.config,
    }),
  );
  registerMatchSubscribers(app.ctx);
  connectNotificationChanges(app.ctx, changes);
  const mailer = createMailer(options.config.mail, {
    log: app.log,
    isProduction: options.config.isProduction,
  });
  app.decorate('mailer', mailer);
  app.addHook('onClose', () => mailer.close());
  await app.register(passwordResetRoutes);
  await app.register(gameServerPlugin);
  await app.register(effectsPlugin);
  await app.register(matchSweeperPlugin);
  await app.register(stuckMatchesPlugin);
  await app.register(ladderRoutes);
  await app.register(vetoRoutes);
  await app.register(matchDetailRoutes);
  await app.register(readyRoutes);
  await app.register(lineupRoutes);
  await app.register(scheduleRoutes);
  await app.register(calendarRoutes);
  await app.register(gameServerRoutes);
  await app.register(matchLogRoutes, { subscribers: createMatchLogStatistics() });
  await app.register(scoreRoutes);
  await app.register(disputeRoutes);
  await app.register(subRoutes);
  await app.register(matchPlayersRoutes);
  await app.register(ratingRoutes);
  await app.register(locationCountdownPlugin, {
    intervalMs: options.config.matches.locationCountdownIntervalMs,
  });
  await app.register(soloQueueRoutes);
  await app.register(pickRoutes);
  await app.register(locationRoutes);
  await app.register(pingRoutes);
  await app.register(chatRoutes);
  await app.register(statisticsRoutes);
  await app.register(anticheatRoutes);
  await app.register(screenshotRoutes, {
    storage,
    ...options.config.screenshots,
  });
  await app.register(demoRoutes, { storage });
  // Platform around the match: header panels, profiles, teams, ladders, tournaments, admin.
  await app.register(activeMatchRoutes);
  await app.register(notificationRoutes);
  await app.register(userRoutes, { storage });
  await app.register(apiTokenRoutes);
  await app.register(reportRoutes);
  await app.register(moderationAdminRoutes);
  await app.register(teamRoutes);
  await app.register(tournamentRoutes);
  await app.register(adminRoutes, { storage });
  await app.register(webhookAdminRoutes);
  await app.register(teamWebhookRoutes);
  await app.register(resultRoutes);
  await app.register(mapImageRoutes, { storage });
  await app.register(gameServerAdminRoutes);
  await app.register(playerIdRoutes);
  if (options.config.matches.devEndpoints) await app.register(devRoutes, { storage });

  registerStatic(app);
  await app.after();
  const sessionIdOf = sessionIdHasher();
  hotReads.wire({
    headers: app.securityHeaderSets,
    visitorCookie: app.newVisitorCookie,
    xsrfCookie: XSRF_COOKIE,
    sessionCookie: SESSION_COOKIE,
    cachedUser: (token) => app.sessions.cachedUserOf(sessionIdOf(token)),
    parseCookie: (header) => app.parseCookie(header),
    logRequest: (reqId, method, url, statusCode, elapsedMs) =>
      requestLog.completed(
        // Through pino (no direct line writer: a test's logger), with the request id Fastify's child binds.
        requestLog.direct ? app.log : app.log.child({ reqId }),
        reqId,
        method,
        url,
        statusCode,
        elapsedMs,
      ),
    observe: app.observeRequest,
    draining: () => lifecycle.draining,
  });
  return app;
}

/** Fastify's trustProxy: a hop count becomes "trust the nearest n hops" (proxy-addr's numeric rule). */
function trustProxySetting(
  value: Config['trustProxy'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof value === 'number' ? (_address, hop) => hop < value : value;
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
