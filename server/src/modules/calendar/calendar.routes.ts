import { calendarFeedAnswer, calendarLinkAnswer, calendarResetAnswer } from '@versus/common/api/schedule';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser, signedIn } from '../../lib/http.ts';
import { calendarFeed, getCalendarLink, resetCalendarLink } from './calendar.service.ts';

const tags = ['Calendar'];

/** The private calendar feed and its secret URL (docs/scheduling.md). */
export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/users/me/calendar',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: 'Your private calendar feed URL (made on first ask)',
        response: { 200: calendarLinkAnswer },
      },
    },
    async (request) => ({ data: await getCalendarLink(app.ctx, requireUser(request.user)) }),
  );

  app.post(
    '/api/v1/users/me/calendar/reset',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: 'A new secret calendar URL; the old one answers 404',
        response: { 200: calendarResetAnswer },
      },
    },
    async (request) => resetCalendarLink(app.ctx, requireUser(request.user)),
  );

  // iCalendar text, not JSON: the secret in the path is the only credential (calendar apps send no cookie).
  app.get(
    '/api/v1/calendar/:file',
    {
      schema: {
        tags,
        summary: 'A private calendar feed (text/calendar): the matches with an agreed time',
        params: z.object({ file: z.string().max(100).meta({ description: '{secret}.ics' }) }),
        produces: ['text/calendar'],
        response: { 200: calendarFeedAnswer },
      },
    },
    async (request, reply) =>
      reply
        .type('text/calendar; charset=utf-8')
        .header('Cache-Control', 'private, no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .send(Buffer.from(await calendarFeed(app.ctx, request.params.file))),
  );
};
