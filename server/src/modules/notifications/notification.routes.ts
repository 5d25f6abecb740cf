import {
  deleteNotificationAnswer,
  markSeenAnswer,
  markSeenBody,
  notificationIdParams,
  notificationsPageSchema,
} from '@versus/common/api/notifications';
import { pageQuery } from '@versus/common/api/pagination';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendEncoded } from '../../lib/etag.ts';
import { requireUser, signedIn } from '../../lib/http.ts';
import {
  deleteNotification,
  markSeen,
  notificationsPageAnswer,
  readyNotificationsPage,
} from './notification.service.ts';

const tags = ['Header panels'];

/** The header's notifications panel (docs/accounts.md). Every call needs a signed-in user. */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  // The body comes as bytes from this instance's cache, with its ETag (304 when the browser holds it).
  // The same bytes before routing while the page and the session are in memory (plugins/hot-reads.ts); signed
  // out, the route's 401.
  app.hotReads.add({
    route: '/api/v1/notification',
    path: '/api/v1/notification',
    id: 'page',
    viewer: 'viewer',
    answer: (page, user) => (user ? readyNotificationsPage(app.ctx, user.id, page) : null),
  });
  app.get(
    '/api/v1/notification',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: "A page of the signed-in user's notifications (15 a page, newest first)",
        querystring: pageQuery,
        response: { 200: notificationsPageSchema },
      },
    },
    async (request, reply) =>
      sendEncoded(
        request,
        reply,
        await notificationsPageAnswer(app.ctx, requireUser(request.user).id, request.query.page),
      ),
  );

  app.post(
    '/api/v1/notification/seen',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: 'Mark notifications seen',
        body: markSeenBody,
        response: { 200: markSeenAnswer },
      },
    },
    async (request) =>
      markSeen(app.ctx, requireUser(request.user).id, request.body.notificationIds, app.ctx.now()),
  );

  app.post(
    '/api/v1/notification/mark-as-seen-all-notifications',
    {
      preValidation: signedIn,
      schema: { tags, summary: 'Mark every notification seen', response: { 200: markSeenAnswer } },
    },
    async (request) => markSeen(app.ctx, requireUser(request.user).id, 'all', app.ctx.now()),
  );

  app.delete(
    '/api/v1/notification/:id',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: 'Delete one of your notifications',
        params: notificationIdParams,
        response: { 200: deleteNotificationAnswer },
      },
    },
    async (request) => deleteNotification(app.ctx, requireUser(request.user).id, request.params.id),
  );
};
