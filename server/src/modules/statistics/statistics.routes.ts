import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ValidationError } from '../../errors.ts';
import { bearerToken } from '../../lib/bearer-token.ts';
import { parseInput } from '../../lib/validation.ts';
import { idParam, requireUser } from '../matches/route-params.ts';
import { ingestLogBatch } from './log-ingest.service.ts';
import { splitLogText } from './log-parser.ts';
import { matchStatistics } from './statistics.service.ts';

const MAX_LINES = 20_000;

const batchSchema = z.object({
  batchId: z
    .string({ error: 'The batch id field must be a string.' })
    .min(1, { error: 'The batch id field is required.' })
    .max(128, { error: 'The batch id field must not be greater than 128 characters.' })
    .optional(),
  lines: z
    .array(z.string().max(4096, { error: 'A log line must not be greater than 4096 characters.' }), {
      error: 'The lines field must be a list of log lines.',
    })
    .max(MAX_LINES, { error: `A batch must not have more than ${MAX_LINES} lines.` }),
});

/**
 * Statistics: game servers post their `games_mp.log` (per-server bearer token, idempotent by batch id), and
 * signed-in users read the scoreboard.
 */
export async function statisticsRoutes(app: FastifyInstance): Promise<void> {
  // Body: JSON `{batchId, lines}`, or the raw log text (`text/plain`) with the batch id in `X-Batch-Id`.
  app.post('/api/v1/game-server-log/:matchId', async (request) => {
    const matchId = idParam(request.params, 'matchId');
    let batchId: string | null;
    let lines: string[];
    if (typeof request.body === 'string') {
      const header = request.headers['x-batch-id'];
      batchId = typeof header === 'string' && header !== '' ? header.slice(0, 128) : null;
      lines = splitLogText(request.body);
      if (lines.length > MAX_LINES) throw new ValidationError({ lines: ['The batch has too many lines.'] });
    } else {
      const input = parseInput(batchSchema, request.body);
      batchId = input.batchId ?? null;
      lines = input.lines;
    }
    const result = await ingestLogBatch(app.db, {
      matchId,
      token: bearerToken(request),
      batchId,
      lines,
      now: new Date(),
    });
    return { data: result };
  });

  app.get('/api/v1/match-detail/statistics/:matchId', async (request) => {
    requireUser(request.user);
    const matchId = idParam(request.params, 'matchId');
    return { data: await matchStatistics(app.db, matchId) };
  });
}
