import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../lib/validation.ts';
import { idParam, requireUser } from '../matches/route-params.ts';
import { approveSchema, scoreSheetSchema } from './score.schemas.ts';
import { approveScore, getCanSubmit, getScoreForm, submitScore } from './score.service.ts';

/** The Submit Score modal: eligibility, the form, entering or editing, approving or disapproving. */
export async function scoreRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/v1/match-detail/score/:matchId/can-submit', async (request) => ({
    data: await getCanSubmit(app.matchEngine, idParam(request.params, 'matchId'), request.user),
  }));

  app.get('/api/v1/match-detail/score/form/:matchId', async (request) => ({
    data: await getScoreForm(app.matchEngine, idParam(request.params, 'matchId'), request.user),
  }));

  app.post('/api/v1/match-detail/score/form/:matchId', async (request) => {
    const user = requireUser(request.user);
    const matchId = idParam(request.params, 'matchId');
    const { scores } = parseInput(scoreSheetSchema, request.body);
    return submitScore(app.matchEngine, user, matchId, scores);
  });

  app.post('/api/v1/match-detail/score/form/:matchId/approve', async (request) => {
    const user = requireUser(request.user);
    const matchId = idParam(request.params, 'matchId');
    const { approve } = parseInput(approveSchema, request.body);
    return approveScore(app.matchEngine, user, matchId, approve === 1 || approve === '1' || approve === true);
  });
}
