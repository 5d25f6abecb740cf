// Outgoing webhooks' routes (docs/webhooks.md): the admin's endpoints and delivery log under
// /api/v1/admin/webhooks, and a captain's endpoint for their team under /api/v1/teams/{slug}/webhooks.
import { messageAnswer } from '@versus/common/api/primitives';
import {
  adminWebhookBody,
  teamWebhookBody,
  teamWebhookItemParams,
  teamWebhookParams,
  updateWebhookBody,
  webhookAnswer,
  webhookDeliveriesAnswer,
  webhookDeliveryAnswer,
  webhookDeliveryParams,
  webhookParams,
  webhooksAnswer,
} from '@versus/common/api/webhooks';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin, requireUser, signedIn } from '../../lib/http.ts';
import {
  createAdminWebhook,
  createTeamWebhook,
  listAdminWebhooks,
  listTeamWebhooks,
  removeTeamWebhook,
  resumeTeamWebhook,
  removeWebhook,
  resendDelivery,
  setWebhookEnabled,
  webhookDeliveries,
} from './webhook.service.ts';

const tags = ['Webhooks'];

/** Every route answers 401 signed out and 403 to non-admins, before reading what was sent. */
export const webhookAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = {
    preValidation: async (request: { user: Parameters<typeof requireAdmin>[0] }) =>
      void requireAdmin(request.user),
  };

  app.get(
    '/api/v1/admin/webhooks',
    { ...admin, schema: { tags, summary: 'Every webhook endpoint', response: { 200: webhooksAnswer } } },
    async () => ({ data: await listAdminWebhooks(app.ctx) }),
  );

  app.post(
    '/api/v1/admin/webhooks',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Register a webhook endpoint',
        body: adminWebhookBody,
        response: { 201: webhookAnswer },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await createAdminWebhook(app.ctx, requireAdmin(request.user), request.body) }),
  );

  app.patch(
    '/api/v1/admin/webhooks/:id',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Turn a webhook endpoint off or on (on lifts a pause)',
        params: webhookParams,
        body: updateWebhookBody,
        response: { 200: webhookAnswer },
      },
    },
    async (request) => ({ data: await setWebhookEnabled(app.ctx, request.params.id, request.body.enabled) }),
  );

  app.delete(
    '/api/v1/admin/webhooks/:id',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Remove a webhook endpoint',
        params: webhookParams,
        response: { 200: messageAnswer },
      },
    },
    async (request) => {
      await removeWebhook(app.ctx, request.params.id);
      return { message: 'Webhook removed.' };
    },
  );

  app.get(
    '/api/v1/admin/webhooks/:id/deliveries',
    {
      ...admin,
      schema: {
        tags,
        summary: "An endpoint's newest deliveries",
        params: webhookParams,
        response: { 200: webhookDeliveriesAnswer },
      },
    },
    async (request) => ({ data: await webhookDeliveries(app.ctx, request.params.id) }),
  );

  app.post(
    '/api/v1/admin/webhooks/deliveries/:id/resend',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Send a delivery again',
        params: webhookDeliveryParams,
        response: { 200: webhookDeliveryAnswer },
      },
    },
    async (request) => ({ data: await resendDelivery(app.ctx, request.params.id) }),
  );
};

/** A captain's webhook for their team's matches (one per team). */
export const teamWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/teams/:slug/webhooks',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: "Your team's webhook",
        params: teamWebhookParams,
        response: { 200: webhooksAnswer },
      },
    },
    async (request) => ({
      data: await listTeamWebhooks(app.ctx, requireUser(request.user), request.params.slug),
    }),
  );

  app.post(
    '/api/v1/teams/:slug/webhooks',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: "Register your team's webhook",
        params: teamWebhookParams,
        body: teamWebhookBody,
        response: { 201: webhookAnswer },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await createTeamWebhook(app.ctx, requireUser(request.user), request.params.slug, request.body),
      }),
  );

  app.post(
    '/api/v1/teams/:slug/webhooks/:id/resume',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: "Turn your team's paused webhook on again",
        params: teamWebhookItemParams,
        response: { 200: webhookAnswer },
      },
    },
    async (request) => ({
      data: await resumeTeamWebhook(
        app.ctx,
        requireUser(request.user),
        request.params.slug,
        request.params.id,
      ),
    }),
  );

  app.delete(
    '/api/v1/teams/:slug/webhooks/:id',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: "Remove your team's webhook",
        params: teamWebhookItemParams,
        response: { 200: messageAnswer },
      },
    },
    async (request) => {
      await removeTeamWebhook(app.ctx, requireUser(request.user), request.params.slug, request.params.id);
      return { message: 'Webhook removed.' };
    },
  );
};
