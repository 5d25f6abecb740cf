import {
  tournamentEntryAnswer,
  tournamentEntryBody,
  tournamentPageAnswer,
  tournamentSlugParams,
  tournamentsAnswer,
} from '@versus/common/api/tournaments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { connectPageChanges, pagesChanged } from '../../core/page-cache.ts';
import { sendEncoded } from '../../lib/etag.ts';
import { requireUser, signedIn } from '../../lib/http.ts';
import { changeEntry, checkIn, getTournamentPageBody, getTournaments } from './tournament.service.ts';

const tags = ['Tournaments'];

/** Tournaments: list, page with bracket, sign-up and withdrawal (bracket generation is a sweeper step). */
export const tournamentRoutes: FastifyPluginAsyncZod = async (app) => {
  const now = () => app.ctx.now();
  // The pages showing the entries are dropped everywhere before the event goes out.
  const publishUpdate = async (tournamentId: number) => {
    await pagesChanged(app.ctx);
    await app.ctx.publish('OnTournamentUpdate', tournamentId, { tournamentId });
  };
  connectPageChanges(app.ctx, app.changes);

  app.get(
    '/api/v1/tournaments',
    { schema: { tags, summary: 'Every tournament', response: { 200: tournamentsAnswer } } },
    async () => getTournaments(app.db, now()),
  );

  app.get(
    '/api/v1/tournaments/:slug',
    {
      schema: {
        tags,
        summary: "A tournament's page with its bracket",
        params: tournamentSlugParams,
        response: { 200: tournamentPageAnswer },
      },
    },
    // Encoded once per change and kind of viewer (server/src/core/page-cache.ts), with an ETag.
    async (request, reply) =>
      sendEncoded(
        request,
        reply,
        await getTournamentPageBody(app.ctx, request.params.slug, request.user, now()),
      ),
  );

  for (const action of ['signup', 'withdraw'] as const) {
    app.post(
      `/api/v1/tournaments/:slug/${action}`,
      {
        preValidation: signedIn,
        schema: {
          tags,
          summary:
            action === 'signup'
              ? 'Sign a team you captain up (until the deadline)'
              : 'Withdraw a signed-up team (until the deadline)',
          params: tournamentSlugParams,
          body: tournamentEntryBody,
          response: { 200: tournamentEntryAnswer },
        },
      },
      async (request) => {
        const answer = await changeEntry(
          app.db,
          requireUser(request.user),
          request.params.slug,
          request.body.teamId,
          action,
          now(),
        );
        await publishUpdate(answer.tournamentId);
        return { message: answer.message, data: answer.data };
      },
    );
  }

  app.post(
    '/api/v1/tournaments/:slug/check-in',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: 'Check a signed-up team you captain in (in the window before the start)',
        params: tournamentSlugParams,
        body: tournamentEntryBody,
        response: { 200: tournamentEntryAnswer },
      },
    },
    async (request) => {
      const answer = await checkIn(
        app.db,
        requireUser(request.user),
        request.params.slug,
        request.body.teamId,
        now(),
      );
      await publishUpdate(answer.tournamentId);
      return { message: answer.message, data: answer.data };
    },
  );
};
