import { agentBatchAnswer, agentBatchSchema, liveScoreAnswer } from '@versus/common/api/game-servers';
import { matchIdParams } from '@versus/common/api/matches';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerToken } from '../../lib/bearer-token.ts';
import { bodyCheckedByHandler } from '../../lib/validation.ts';
import { ingestAgentBatch } from './agent-batch.ts';
import { LiveScores, liveScoreOf } from './live-score.ts';

/**
 * The log agent beside a pool server posts games_mp.log batches here with the server's agent token
 * (`Authorization: Bearer ga_...`): 401 for a wrong token (nothing stored), 422 for a malformed batch
 * (counted on the server, nothing stored), 200 with the receipt otherwise (a duplicate is a 200 too, so
 * the agent moves on). The batch is checked against its schema after the token, by the ingestion.
 */
export const agentRoutes: FastifyPluginAsyncZod = async (app) => {
  const live = new LiveScores(app.ctx);
  app.post(
    '/api/v1/game-server-agent/batches',
    {
      bodyLimit: 4 * 1024 * 1024,
      validatorCompiler: bodyCheckedByHandler(),
      schema: {
        tags: ['Game servers'],
        summary: "A batch of a pool server's games_mp.log (the log agent, bearer token)",
        security: [{ bearer: [] }],
        body: agentBatchSchema,
        response: { 200: agentBatchAnswer },
      },
    },
    async (request) => {
      const body: unknown = request.body;
      const outcome = await ingestAgentBatch(app.db, bearerToken(request), body, new Date(app.ctx.now()));
      // After the commit: the live round score and, once the log decided the series, the automatic result.
      for (const { matchId, result } of outcome.matches) if (result.accepted) await live.afterBatch(matchId);
      return { data: outcome.receipt };
    },
  );

  app.get(
    '/api/v1/match/:id/live-score',
    {
      schema: {
        tags: ['Match room'],
        summary: "The log's rounds won per played map",
        params: matchIdParams,
        response: { 200: liveScoreAnswer },
      },
    },
    async (request) => ({ data: await liveScoreOf(app.db, request.params.id) }),
  );
};
