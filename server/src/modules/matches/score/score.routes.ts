import {
  approveScoreBody,
  canSubmitScoreAnswer,
  scoreCommandAnswer,
  scoreFormAnswer,
  scoreMatchParams,
  scoreSheetBody,
} from '@versus/common/api/scores';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, signedIn } from '../../../lib/http.ts';
import { approveScore, getCanSubmit, getScoreForm, submitScore } from './score.service.ts';

const tags = ['Scores'];

/** The Submit Score modal: eligibility, the form, entering or editing, approving or disapproving. */
export const scoreRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/match-detail/score/:matchId/can-submit',
    {
      schema: {
        tags,
        summary: 'The Submit score button, for the viewer',
        params: scoreMatchParams,
        response: { 200: canSubmitScoreAnswer },
      },
    },
    async (request) => ({ data: await getCanSubmit(app.ctx, request.params.matchId, request.user) }),
  );

  app.get(
    '/api/v1/match-detail/score/form/:matchId',
    {
      schema: {
        tags,
        summary: 'The score form: played maps with entered (or log-proposed) scores',
        params: scoreMatchParams,
        response: { 200: scoreFormAnswer },
      },
    },
    async (request) => ({ data: await getScoreForm(app.ctx, request.params.matchId, request.user) }),
  );

  app.post(
    '/api/v1/match-detail/score/form/:matchId',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: 'Enter or edit the score (a captain)',
        params: scoreMatchParams,
        body: scoreSheetBody,
        response: { 200: scoreCommandAnswer },
      },
    },
    async (request) =>
      submitScore(app.ctx, requireUser(request.user), request.params.matchId, request.body.scores),
  );

  app.post(
    '/api/v1/match-detail/score/form/:matchId/approve',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: "Approve or disapprove the other side's score (a captain)",
        params: scoreMatchParams,
        body: approveScoreBody,
        response: { 200: scoreCommandAnswer },
      },
    },
    async (request) => {
      const { approve } = request.body;
      return approveScore(
        app.ctx,
        requireUser(request.user),
        request.params.matchId,
        approve === 1 || approve === '1' || approve === true,
      );
    },
  );
};
