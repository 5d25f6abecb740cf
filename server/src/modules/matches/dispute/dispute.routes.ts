import {
  canDisputeAnswer,
  disputeBody,
  disputeMatchParams,
  openDisputeAnswer,
  resolveTicketAnswer,
  resolveTicketBody,
  ticketAnswer,
  ticketIdParams,
  ticketMessageAnswer,
  ticketMessageBody,
} from '@versus/common/api/disputes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, signedIn } from '../../../lib/http.ts';
import {
  getCanDispute,
  getDispute,
  openDispute,
  postDisputeMessage,
  resolveDispute,
} from './dispute.service.ts';

const tags = ['Disputes'];

/** The match room's dispute control, and the ticket page with its admin resolution. */
export const disputeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/match-detail/dispute/:matchId/can-dispute',
    {
      schema: {
        tags,
        summary: 'Whether the viewer may dispute the score',
        params: disputeMatchParams,
        response: { 200: canDisputeAnswer },
      },
    },
    async (request) => ({ data: await getCanDispute(app.ctx, request.params.matchId, request.user) }),
  );

  app.post(
    '/api/v1/match-detail/dispute/:matchId',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: 'Dispute the entered score (a captain): opens the ticket',
        params: disputeMatchParams,
        body: disputeBody,
        response: { 200: openDisputeAnswer },
      },
    },
    async (request) =>
      openDispute(app.ctx, requireUser(request.user), request.params.matchId, request.body.description),
  );

  app.get(
    '/api/v1/tickets/:id',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: 'A dispute ticket (the match players and admins)',
        params: ticketIdParams,
        response: { 200: ticketAnswer },
      },
    },
    async (request) => ({ data: await getDispute(app.ctx, requireUser(request.user), request.params.id) }),
  );

  app.post(
    '/api/v1/tickets/:id/messages',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: 'Write on an open ticket',
        params: ticketIdParams,
        body: ticketMessageBody,
        response: { 201: ticketMessageAnswer },
      },
    },
    async (request, reply) => {
      const user = requireUser(request.user);
      const data = await postDisputeMessage(app.ctx, user, request.params.id, request.body.message);
      return reply.status(201).send({ data });
    },
  );

  app.post(
    '/api/v1/tickets/:id/resolve',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: 'Resolve a dispute with a final score or a cancellation (admin)',
        params: ticketIdParams,
        body: resolveTicketBody,
        response: { 200: resolveTicketAnswer },
      },
    },
    async (request) => resolveDispute(app.ctx, requireUser(request.user), request.params.id, request.body),
  );
};
