import {
  chatMatchParams,
  chatMessageBody,
  chatMessagesAnswer,
  chatSendAnswer,
} from '@versus/common/api/chat';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { exceptRequester } from '../../../realtime/index.ts';
import { requireUser, signedIn } from '../../../lib/http.ts';
import { CHAT_TEXTS, listMessages, sendMessage } from './chat.service.ts';

const tags = ['Chat'];

/** The match room chat: read (signed in), send (players and admins). */
export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/chat/:matchId',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: "The match chat's newest 100 messages, oldest first",
        params: chatMatchParams,
        response: { 200: chatMessagesAnswer },
      },
    },
    async (request) => listMessages(app.ctx, requireUser(request.user), request.params.matchId),
  );

  app.post(
    '/api/v1/chat',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: "Write in a match's chat (its players and admins)",
        body: chatMessageBody,
        response: { 201: chatSendAnswer },
      },
    },
    async (request, reply) => {
      const user = requireUser(request.user);
      const { message, id } = request.body;
      const data = await sendMessage(
        app.ctx,
        (userId) => app.limits.take(request, 'chat', userId, CHAT_TEXTS.tooMany),
        user,
        { message, matchId: id },
        exceptRequester(request),
      );
      return reply.status(201).send({ data });
    },
  );
};
