import type { FastifyInstance } from 'fastify';
import { exceptRequester } from '../../realtime/index.ts';
import { idParam, requireUser } from '../matches/route-params.ts';
import { ChatRateLimiter } from './chat-rate-limiter.ts';
import { listMessages, sendMessage } from './chat.service.ts';

/** The match room chat: read (signed in), send (players and admins). */
export async function chatRoutes(app: FastifyInstance): Promise<void> {
  const { maxMessages, windowSeconds } = app.config.chat;
  const limiter = new ChatRateLimiter(maxMessages, windowSeconds);

  app.get('/api/v1/chat/:matchId', async (request) =>
    listMessages(app.matchEngine, requireUser(request.user), idParam(request.params, 'matchId')),
  );

  app.post('/api/v1/chat', async (request, reply) => {
    const user = requireUser(request.user);
    const data = await sendMessage(app.matchEngine, limiter, user, request.body, exceptRequester(request));
    return reply.status(201).send({ data });
  });
}
