import {
  addSubAnswer,
  addSubBody,
  addSubParams,
  subAccessAnswer,
  subCandidatesAnswer,
  subMatchParams,
} from '@versus/common/api/subs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, signedIn } from '../../../lib/http.ts';
import { addSub, getReplaceable, getSubAccess, getSubCandidates } from './sub.service.ts';

const tags = ['Substitutes'];

/** The Add Sub button and modal. */
export const subRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/match-detail/sub/:matchId/access',
    {
      schema: {
        tags,
        summary: 'Whether the viewer sees the Add Sub button',
        params: subMatchParams,
        response: { 200: subAccessAnswer },
      },
    },
    async (request) => ({ data: await getSubAccess(app.ctx, request.params.matchId, request.user) }),
  );

  app.get(
    '/api/v1/match-detail/sub/:matchId',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: 'The players a captain may add as substitutes',
        params: subMatchParams,
        response: { 200: subCandidatesAnswer },
      },
    },
    async (request) => {
      const user = requireUser(request.user);
      return {
        data: await getSubCandidates(app.ctx, request.params.matchId, user),
        meta: { replaceable: await getReplaceable(app.ctx, request.params.matchId, user) },
      };
    },
  );

  app.post(
    '/api/v1/match-detail/sub/:matchId/:userId',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: 'Bring a substitute in for a named player of your lineup (a captain)',
        params: addSubParams,
        body: addSubBody,
        response: { 200: addSubAnswer },
      },
    },
    // A missing `replacesUserId` names nobody (0): the machine refuses it after the permission checks.
    async (request) =>
      addSub(
        app.ctx,
        requireUser(request.user),
        request.params.matchId,
        request.params.userId,
        request.body.replacesUserId ?? 0,
      ),
  );
};
