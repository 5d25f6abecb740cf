import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { bearerToken } from '../../lib/bearer-token.ts';
import { parseInput, stringField } from '../../lib/validation.ts';
import { idParam, requireUser } from '../matches/route-params.ts';
import { anticheatStatuses } from './anticheat-status.ts';
import { renewAnticheatToken, userForAnticheatToken } from './anticheat-token.ts';
import { recordHeartbeat } from './anticheat.service.ts';

const heartbeatSchema = z.object({
  matchId: z.coerce
    .number({ error: 'The match id field is required.' })
    .int({ error: 'The match id field must be an integer.' })
    .positive({ error: 'The match id field must be an integer.' }),
  inGameName: stringField('in_game_name', { max: 64 }),
  guid: z
    .string()
    .regex(/^[A-Za-z0-9]{1,64}$/, { error: 'The guid field must be 1 to 64 letters or digits.' })
    .nullish(),
});

/**
 * Anticheat: the user's client token (settings page), the client's heartbeat, and each player's status for
 * the match page. Client routes live under `/api/v1/anticheat/client/` (bearer token, no CSRF).
 */
export async function anticheatRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/v1/anticheat/token', async (request) => {
    const user = requireUser(request.user);
    return { data: { hasToken: user.anticheatTokenHash !== null } };
  });

  // Shown once: only the hash is kept, so a lost token is renewed, never shown again.
  app.post('/api/v1/anticheat/token', async (request) => {
    const user = requireUser(request.user);
    return { data: { token: await renewAnticheatToken(app.db, user.id, new Date()) } };
  });

  app.post('/api/v1/anticheat/client/heartbeat', async (request) => {
    const user = await userForAnticheatToken(app.db, bearerToken(request));
    const input = parseInput(heartbeatSchema, request.body);
    const data = await recordHeartbeat(
      app.db,
      user,
      { matchId: input.matchId, inGameName: input.inGameName, guid: input.guid ?? null },
      Date.now(),
    );
    return { data };
  });

  // Spec: `{users: {memberId: html}}`, polled every 30 s while the match is in progress.
  app.get('/match/:id/getMembers', async (request) => {
    const matchId = idParam(request.params, 'id');
    const statuses = await anticheatStatuses(app.db, matchId, Date.now());
    return { users: Object.fromEntries([...statuses].map(([userId, s]) => [String(userId), s.html])) };
  });
}
