import {
  LOG_BATCH_MAX_LINES,
  logBatchAnswer,
  logBatchBody,
  logBatchJsonBody,
  matchStatisticsAnswer,
  statisticsMatchParams,
} from '@versus/common/api/statistics';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ValidationError } from '../../errors.ts';
import { bearerToken } from '../../lib/bearer-token.ts';
import { signedIn } from '../../lib/http.ts';
import { textOrJsonBody } from '../../lib/validation.ts';
import { ingestLogBatch } from '../match-log/index.ts';
import { splitLogText } from '../match-log/index.ts';
import { sharedMatchStatistics } from './statistics.service.ts';

const tags = ['Statistics'];

/**
 * Statistics: game servers post their `games_mp.log` (per-server bearer token, idempotent by batch id), and
 * signed-in users read the scoreboard.
 */
export const statisticsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Body: JSON `{batchId, lines}`, or the raw log text (`text/plain`) with the batch id in `X-Batch-Id`.
  app.post(
    '/api/v1/game-server-log/:matchId',
    {
      validatorCompiler: textOrJsonBody(logBatchJsonBody),
      schema: {
        tags,
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
      const result = await ingestLogBatch(app.db, {
        matchId: request.params.matchId,
        token: bearerToken(request),
        batchId,
        lines,
        // The app's clock: the score rules compare the last batch's arrival with it (the log's quiet window).
        now: new Date(app.ctx.now()),
      });
      return { data: result };
    },
  );

  app.get(
    '/api/v1/match-detail/statistics/:matchId',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: "The match's scoreboard",
        params: statisticsMatchParams,
        response: { 200: matchStatisticsAnswer },
      },
    },
    async (request) => ({ data: await sharedMatchStatistics(app.ctx, request.params.matchId) }),
  );
};
