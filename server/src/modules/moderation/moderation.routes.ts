import {
  appealAnswer,
  appealBody,
  myBanAnswer,
  banActionAnswer,
  banListAnswer,
  banParams,
  banReportBody,
  createReportAnswer,
  createReportBody,
  dismissReportBody,
  liftBanBody,
  moderationLogAnswer,
  reportActionAnswer,
  reportListAnswer,
  reportListQuery,
  reportParams,
  warnReportBody,
} from '@versus/common/api/moderation';
import { pageQuery } from '@versus/common/api/pagination';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin, requireUser, signedIn } from '../../lib/http.ts';
import {
  actOnReport,
  appealBan,
  createReport,
  liftBan,
  listBans,
  listReports,
  moderationLog,
  myBan,
} from './moderation.service.ts';

/** A player reports another (from the match room or a profile). */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/v1/reports',
    {
      preValidation: signedIn,
      schema: {
        tags: ['Players'],
        summary: 'Report a player to the moderators (category, text, optional evidence)',
        body: createReportBody,
        response: { 201: createReportAnswer },
      },
    },
    async (request, reply) => {
      const answer = await createReport(app.ctx, requireUser(request.user), request.body);
      return reply.status(201).send(answer);
    },
  );

  app.get(
    '/api/v1/users/me/ban',
    {
      preValidation: signedIn,
      schema: {
        tags: ['Players'],
        summary: 'Your ban in force (null when none), with your appeal',
        response: { 200: myBanAnswer },
      },
    },
    async (request) => ({ data: await myBan(app.db, requireUser(request.user).id, app.ctx.now()) }),
  );

  app.post(
    '/api/v1/users/me/ban/appeal',
    {
      preValidation: signedIn,
      schema: {
        tags: ['Players'],
        summary: 'Appeal your ban in force (once per ban); the moderators see it beside the ban',
        body: appealBody,
        response: { 201: appealAnswer },
      },
    },
    async (request, reply) => {
      const answer = await appealBan(app.ctx, requireUser(request.user), request.body.text);
      return reply.status(201).send(answer);
    },
  );
};

/** The moderation queue, bans and the audit log. Every route answers 401 signed out and 403 to non-admins. */
export const moderationAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preValidation', async (request) => {
    requireAdmin(request.user);
  });
  const tags = ['Admin'];

  app.get(
    '/api/v1/admin/reports',
    {
      schema: {
        tags,
        summary: 'Reports, newest first (open ones by default)',
        querystring: reportListQuery,
        response: { 200: reportListAnswer },
      },
    },
    async (request) => listReports(app.db, request.query.status, request.query.page, app.ctx.now()),
  );

  app.post(
    '/api/v1/admin/reports/:reportId/dismiss',
    {
      schema: {
        tags,
        summary: 'Dismiss an open report (an optional note for the log)',
        params: reportParams,
        body: dismissReportBody,
        response: { 200: reportActionAnswer },
      },
    },
    async (request) =>
      actOnReport(app.ctx, requireAdmin(request.user), request.params.reportId, {
        kind: 'dismiss',
        note: request.body.note ?? '',
      }),
  );

  app.post(
    '/api/v1/admin/reports/:reportId/warn',
    {
      schema: {
        tags,
        summary: 'Warn the reported player (a notification)',
        params: reportParams,
        body: warnReportBody,
        response: { 200: reportActionAnswer },
      },
    },
    async (request) =>
      actOnReport(app.ctx, requireAdmin(request.user), request.params.reportId, {
        kind: 'warn',
        message: request.body.message,
      }),
  );

  app.post(
    '/api/v1/admin/reports/:reportId/ban',
    {
      schema: {
        tags,
        summary: 'Ban the reported player for a number of days or for good (the evidence is kept)',
        params: reportParams,
        body: banReportBody,
        response: { 200: reportActionAnswer },
      },
    },
    async (request) =>
      actOnReport(app.ctx, requireAdmin(request.user), request.params.reportId, {
        kind: 'ban',
        reason: request.body.reason,
        days: request.body.permanent === true ? null : (request.body.days ?? null),
      }),
  );

  app.get(
    '/api/v1/admin/bans',
    {
      schema: { tags, summary: 'Bans in force, newest first', response: { 200: banListAnswer } },
    },
    async () => ({ data: await listBans(app.db, app.ctx.now()) }),
  );

  app.post(
    '/api/v1/admin/bans/:banId/lift',
    {
      schema: {
        tags,
        summary: 'Lift a ban in force (a reason for the log)',
        params: banParams,
        body: liftBanBody,
        response: { 200: banActionAnswer },
      },
    },
    async (request) =>
      liftBan(app.ctx, requireAdmin(request.user), request.params.banId, request.body.reason),
  );

  app.get(
    '/api/v1/admin/moderation-log',
    {
      schema: {
        tags,
        summary: 'The moderation audit log, newest first',
        querystring: pageQuery,
        response: { 200: moderationLogAnswer },
      },
    },
    async (request) => moderationLog(app.db, request.query.page),
  );
};
