import { agentBatchAnswer, agentBatchSchema, liveScoreAnswer } from '@versus/common/api/game-servers';
import { matchIdParams } from '@versus/common/api/matches';
import {
  LOG_BATCH_MAX_LINES,
  logBatchAnswer,
  logBatchBody,
  logBatchJsonBody,
  statisticsMatchParams,
} from '@versus/common/api/statistics';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ValidationError } from '../../errors.ts';
import { bearerToken } from '../../lib/bearer-token.ts';
import { bodyCheckedByHandler, textOrJsonBody } from '../../lib/validation.ts';
import { liveScoreOf } from './live-score.ts';
import type { MatchLogSubscribers } from './match-log-batch.ts';
import { splitLogText } from './match-log-parser.ts';
import { MatchLogService } from './match-log.service.ts';

/**
 * The match log's routes: the log agent's batches, the per-match batches of a server without an agent, and
 * the live score. `subscribers` are the modules the match log feeds (the statistics).
 */
export const matchLogRoutes: FastifyPluginAsyncZod<{ subscribers: MatchLogSubscribers }> = async (
  app,
  options,
) => {
  const matchLog = new MatchLogService(app.ctx, options.subscribers);

  // The log agent beside a pool server posts games_mp.log batches here with the server's agent token
  // (`Authorization: Bearer ga_...`): 401 for a wrong token (nothing stored), 422 for a malformed batch
  // (counted on the server, nothing stored), 200 with the receipt otherwise (a duplicate is a 200 too, so
  // the agent moves on). The batch is checked against its schema after the token, by the service.
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
      return { data: await matchLog.ingestAgentBatch(bearerToken(request), body) };
    },
  );

  // A server without the agent posts one match's lines with that match's token (`Bearer gs_...`), idempotent
  // by batch id. Body: JSON `{batchId, lines}`, or the raw log text (`text/plain`) with the id in `X-Batch-Id`.
  app.post(
    '/api/v1/game-server-log/:matchId',
    {
      validatorCompiler: textOrJsonBody(logBatchJsonBody),
      schema: {
        tags: ['Statistics'],
        summary: "A batch of the match's games_mp.log (the match's game server, bearer token)",
        security: [{ bearer: [] }],
        params: statisticsMatchParams,
        body: logBatchBody,
        response: { 200: logBatchAnswer },
      },
    },
    async (request) => {
      let batchId: string | null;
      let lines: string[];
      if (typeof request.body === 'string') {
        const header = request.headers['x-batch-id'];
        batchId = typeof header === 'string' && header !== '' ? header.slice(0, 128) : null;
        lines = splitLogText(request.body);
        if (lines.length > LOG_BATCH_MAX_LINES) {
          throw new ValidationError({ lines: ['The batch has too many lines.'] });
        }
      } else {
        batchId = request.body.batchId ?? null;
        lines = request.body.lines;
      }
      const token = bearerToken(request);
      const result = await matchLog.ingestMatchServerBatch({
        matchId: request.params.matchId,
        token,
        batchId,
        lines,
      });
      return { data: result };
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
