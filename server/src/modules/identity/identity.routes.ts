import {
  adminPlayerIdParams,
  gameSlugParams,
  identityConflictsAnswer,
  playerIdInputSchema,
  playerIdsAnswer,
  playerIdsCommandAnswer,
} from '@versus/common/api/game-servers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin, requireUser, signedIn } from '../../lib/http.ts';
import {
  adminBindPlayerId,
  identityConflictsForAdmins,
  linkMyPlayerId,
  myPlayerIds,
  unlinkMyPlayerId,
} from './identity.service.ts';

const tags = ['Player ids'];

/** Before validation: only admins (401 signed out, 403 others). */
async function adminOnly(request: { user: Parameters<typeof requireAdmin>[0] }): Promise<void> {
  requireAdmin(request.user);
}

/** Player ids in settings (the owner), bound by admins, and the refused claims admins review. */
export const identityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/users/me/player-ids',
    {
      preValidation: signedIn,
      schema: { tags, summary: 'Your player ids per game', response: { 200: playerIdsAnswer } },
    },
    async (request) => ({ data: await myPlayerIds(app.db, requireUser(request.user)) }),
  );

  app.put(
    '/api/v1/users/me/player-ids/:game',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: 'Link your player id for a game (refused when another account holds it)',
        params: gameSlugParams,
        body: playerIdInputSchema,
        response: { 200: playerIdsCommandAnswer },
      },
    },
    async (request) =>
      linkMyPlayerId(
        app.db,
        requireUser(request.user),
        request.params.game,
        request.body.playerId,
        new Date(),
      ),
  );

  app.delete(
    '/api/v1/users/me/player-ids/:game',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: 'Unlink your player id for a game',
        params: gameSlugParams,
        response: { 200: playerIdsCommandAnswer },
      },
    },
    async (request) => unlinkMyPlayerId(app.db, requireUser(request.user), request.params.game),
  );

  app.put(
    '/api/v1/admin/users/:id/player-ids/:game',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        summary: 'Bind a player id to an account (admin; moves it from any other account)',
        params: adminPlayerIdParams,
        body: playerIdInputSchema,
        response: { 200: playerIdsAnswer },
      },
    },
    async (request) =>
      adminBindPlayerId(app.db, request.params.id, request.params.game, request.body.playerId, new Date()),
  );

  app.get(
    '/api/v1/admin/identity-conflicts',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        summary: 'Refused player id claims, newest first (admin)',
        response: { 200: identityConflictsAnswer },
      },
    },
    async () => identityConflictsForAdmins(app.db),
  );
};
