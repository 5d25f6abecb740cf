import {
  anticheatTokenAnswer,
  anticheatTokenStateAnswer,
  heartbeatAnswer,
  heartbeatBody,
} from '@versus/common/api/anticheat';
import { matchIdParams } from '@versus/common/api/matches';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { UserRow } from '../../db/schema/index.ts';
import { bearerToken } from '../../lib/bearer-token.ts';
import { requireUser, signedIn } from '../../lib/http.ts';
import { anticheatStatuses } from './anticheat-status.ts';
import { renewAnticheatToken, userForAnticheatToken } from './anticheat-token.ts';
import { recordHeartbeat } from './anticheat.service.ts';

const tags = ['Anticheat'];

/** The account of each client request's bearer token, settled before its body is read. */
const clients = new WeakMap<FastifyRequest, UserRow>();

/**
 * Route option `preValidation` of the anticheat client's routes: the token is checked first (401), so a
 * request without a valid token learns nothing about its params or body.
 */
export async function anticheatClient(request: FastifyRequest): Promise<void> {
  clients.set(request, await userForAnticheatToken(request.server.db, bearerToken(request)));
}

/** The account `anticheatClient` found for this request. */
export function anticheatClientOf(request: FastifyRequest): UserRow {
  const user = clients.get(request);
  if (!user) throw new Error('anticheatClient did not run for this route');
  return user;
}

/**
 * Anticheat: the user's client token (settings page), the client's heartbeat, and each player's status for
 * the match page. Client routes live under `/api/v1/anticheat/client/` (bearer token, no CSRF).
 */
export const anticheatRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/anticheat/token',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: 'Whether you have an anticheat client token (never the token)',
        response: { 200: anticheatTokenStateAnswer },
      },
    },
    async (request) => ({ data: { hasToken: requireUser(request.user).anticheatTokenHash !== null } }),
  );

  // Shown once: only the hash is kept, so a lost token is renewed, never shown again.
  app.post(
    '/api/v1/anticheat/token',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: 'A new anticheat client token, shown once (the old one stops working)',
        response: { 200: anticheatTokenAnswer },
      },
    },
    async (request) => {
      const user = requireUser(request.user);
      await app.limits.take(request, 'tokenRenewal', user.id);
      const token = await renewAnticheatToken(app.db, user.id, new Date());
      // The session cache holds the user row (with the token's hash): refresh it on every instance.
      await app.sessions.userChanged(user.id);
      return { data: { token } };
    },
  );

  app.post(
    '/api/v1/anticheat/client/heartbeat',
    {
      // The token, then the client's heartbeat allowance (429), then the body.
      preValidation: [
        anticheatClient,
        async (request) => app.limits.take(request, 'heartbeat', anticheatClientOf(request).id),
      ],
      schema: {
        tags,
        summary: "The anticheat client's heartbeat (bearer token)",
        security: [{ bearer: [] }],
        body: heartbeatBody,
        response: { 200: heartbeatAnswer },
      },
    },
    async (request) => {
      const { matchId, inGameName, guid } = request.body;
      const client = anticheatClientOf(request);
      const { nameAccepted, ...data } = await recordHeartbeat(
        app.db,
        client,
        { matchId, inGameName, guid: guid ?? null },
        Date.now(),
      );
      if (!nameAccepted) {
        request.log.warn(
          { matchId, userId: client.id, inGameName },
          'heartbeat name claim ignored: it is another lineup player’s name',
        );
      }
      return { data };
    },
  );

  // Spec: `{users: {memberId: html}}`, polled every 30 s while the match is in progress.
  app.get(
    '/match/:id/getMembers',
    {
      schema: {
        tags,
        summary: "Each player's anticheat badge (escaped HTML)",
        params: matchIdParams,
        response: { 200: z.object({ users: z.record(z.string(), z.string()) }) },
      },
    },
    async (request) => {
      const statuses = await anticheatStatuses(app.db, request.params.id, Date.now());
      return { users: Object.fromEntries([...statuses].map(([userId, s]) => [String(userId), s.html])) };
    },
  );
};
