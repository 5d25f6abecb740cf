import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../lib/validation.ts';
import { idParam, requireUser } from '../matches/route-params.ts';
import { disputeSchema, resolveSchema, ticketMessageSchema } from './dispute.schemas.ts';
import {
  getCanDispute,
  getTicket,
  openDispute,
  postTicketMessage,
  resolveDispute,
} from './dispute.service.ts';

/** The match room's dispute control, and the ticket page with its admin resolution. */
export async function disputeRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/v1/match-detail/dispute/:matchId/can-dispute', async (request) => ({
    data: await getCanDispute(app.matchEngine, idParam(request.params, 'matchId'), request.user),
  }));

  app.post('/api/v1/match-detail/dispute/:matchId', async (request) => {
    const user = requireUser(request.user);
    const matchId = idParam(request.params, 'matchId');
    const { description } = parseInput(disputeSchema, request.body);
    return openDispute(app.matchEngine, user, matchId, description);
  });

  app.get('/api/v1/tickets/:id', async (request) => {
    const user = requireUser(request.user);
    return { data: await getTicket(app.matchEngine, user, idParam(request.params, 'id', 'Ticket')) };
  });

  app.post('/api/v1/tickets/:id/messages', async (request, reply) => {
    const user = requireUser(request.user);
    const ticketId = idParam(request.params, 'id', 'Ticket');
    const { message } = parseInput(ticketMessageSchema, request.body);
    return reply
      .status(201)
      .send({ data: await postTicketMessage(app.matchEngine, user, ticketId, message) });
  });

  app.post('/api/v1/tickets/:id/resolve', async (request) => {
    const user = requireUser(request.user);
    const ticketId = idParam(request.params, 'id', 'Ticket');
    const input = parseInput(resolveSchema, request.body);
    return resolveDispute(app.matchEngine, user, ticketId, input);
  });
}
