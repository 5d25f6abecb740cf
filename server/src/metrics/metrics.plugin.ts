// `GET /metrics` in the Prometheus text format (docs/operations.md#metrics), behind `METRICS_TOKEN`.
// Each app has its own registry (tests build many apps in one process); the process-wide counters
// (rcon, uploads) and Node's own metrics are merged in at scrape time. What the database knows (matches,
// effects, agent lag) is read when Prometheus scrapes, never kept up to date on the hot path: a request
// costs one count in the request-duration histogram (request-durations.ts).
import crypto from 'node:crypto';
import { MATCH_STATUSES } from '@versus/common/match/statuses';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Gauge, Registry } from 'prom-client';
import type { PoolUse } from '../db/client.ts';
import { bearerToken } from '../lib/bearer-token.ts';
import { processRegistry } from '../lib/process-metrics.ts';
import { agentLastBatches, effectsPerStatus, matchesPerStatus } from './metrics.repository.ts';
import { RequestDurations } from './request-durations.ts';

export interface MetricsOptions {
  /** The database pool's use, or null when there is none (PGlite). */
  poolUse: () => PoolUse | null;
}

const STATUS_KEYS = new Map<number, string>(MATCH_STATUSES.map((s) => [s.id, s.key]));
const EFFECT_STATUSES = ['pending', 'failed'] as const;

export const metricsPlugin = fp(
  async (app: FastifyInstance, options: MetricsOptions) => {
    const token = app.config.metricsToken;
    const registry = new Registry();

    const http = new RequestDurations(
      'versus_http_request_duration_seconds',
      'HTTP requests by route pattern, method and status class, until the answer was sent.',
      [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    );
    registry.registerMetric(http.asMetric());
    // The answers given before routing (plugins/hot-reads.ts) are counted under their route's pattern too.
    app.decorate('observeRequest', (route: string, method: string, statusCode: number, seconds: number) =>
      http.observe(route, method, statusCode, seconds),
    );
    app.addHook('onResponse', (request, reply, done) => {
      // The pattern (`/api/v1/matches/:id`), never the URL: one series per route, whatever the ids.
      http.observe(
        request.routeOptions.url ?? 'unmatched',
        request.method,
        reply.statusCode,
        reply.elapsedTime / 1000,
      );
      done();
    });

    // The realtime service is registered after this plugin (whose hook must see every route): its gauges
    // are added once the app is ready, and only for the embedded service (an external one holds the sockets).
    app.addHook('onReady', (done) => {
      const realtime = app.realtime;
      if (realtime.usage() !== null) {
        new Gauge({
          name: 'versus_websockets_open',
          help: 'WebSockets open on this instance (embedded realtime service).',
          registers: [registry],
          collect() {
            this.set(realtime.usage()?.sockets ?? 0);
          },
        });
        new Gauge({
          name: 'versus_realtime_channels',
          help: 'Channels with at least one subscriber on this instance (embedded realtime service).',
          registers: [registry],
          collect() {
            this.set(realtime.usage()?.channels ?? 0);
          },
        });
      }
      done();
    });

    new Gauge({
      name: 'versus_matches',
      help: 'Matches per status (read at scrape time).',
      labelNames: ['status'] as const,
      registers: [registry],
      async collect() {
        const rows = await matchesPerStatus(app.db);
        for (const key of STATUS_KEYS.values()) this.set({ status: key }, 0);
        for (const row of rows)
          this.set({ status: STATUS_KEYS.get(row.statusId) ?? String(row.statusId) }, row.count);
      },
    });

    new Gauge({
      name: 'versus_match_effects',
      help: 'Match effects not done: pending (waiting or retrying) and failed (given up).',
      labelNames: ['status'] as const,
      registers: [registry],
      async collect() {
        const rows = await effectsPerStatus(app.db);
        for (const status of EFFECT_STATUSES) this.set({ status }, 0);
        for (const row of rows) this.set({ status: row.status }, row.count);
      },
    });

    new Gauge({
      name: 'versus_log_agent_lag_seconds',
      help: "Seconds since a pool server's log agent last delivered a batch.",
      labelNames: ['server'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        const now = app.ctx.now();
        for (const host of await agentLastBatches(app.db)) {
          if (!host.lastBatchAt) continue;
          this.set({ server: host.name }, Math.max(0, (now - host.lastBatchAt.getTime()) / 1000));
        }
      },
    });

    if (options.poolUse() !== null) {
      new Gauge({
        name: 'versus_db_pool_connections',
        help: 'PostgreSQL pool connections: open in total, and of them idle.',
        labelNames: ['state'] as const,
        registers: [registry],
        collect() {
          const use = options.poolUse();
          this.set({ state: 'total' }, use?.total ?? 0);
          this.set({ state: 'idle' }, use?.idle ?? 0);
        },
      });
      new Gauge({
        name: 'versus_db_pool_waiting',
        help: 'Queries waiting for a free PostgreSQL pool connection.',
        registers: [registry],
        collect() {
          this.set(options.poolUse()?.waiting ?? 0);
        },
      });
    }
    // PGlite runs one query at a time on one connection: there is no pool to report.

    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      // Unset: nothing answers here, so a deployment that never chose a token leaks nothing.
      if (token === null) return reply.status(404).send({ message: 'Not found.' });
      const given = bearerToken(request);
      if (given === null || !sameToken(given, token)) {
        return reply
          .status(401)
          .header('WWW-Authenticate', 'Bearer')
          .send({ message: 'A valid metrics token is required.' });
      }
      const merged = Registry.merge([registry, processRegistry]);
      const text = await merged.metrics();
      return reply.type(merged.contentType).header('Cache-Control', 'no-store').send(text);
    });
  },
  { name: 'metrics' },
);

function sameToken(given: string, expected: string): boolean {
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}
