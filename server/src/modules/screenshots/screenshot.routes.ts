import type { FastifyInstance } from 'fastify';
import type { FileStorage } from '../../storage/index.ts';
import { isValidKey } from '../../storage/storage.ts';
import { bearerToken } from '../../lib/bearer-token.ts';
import { idParam, requireUser } from '../matches/route-params.ts';
import { userForAnticheatToken } from '../anticheat/anticheat-token.ts';
import { listScreenshots, uploadScreenshot } from './screenshot.service.ts';

export interface ScreenshotRoutesOptions {
  storage: FileStorage;
  /** Largest accepted upload in bytes (413 above). */
  maxBytes: number;
  perPage: number;
}

function pageOf(query: unknown): number {
  const raw = (query as Record<string, unknown> | null)?.page;
  const page = typeof raw === 'string' && /^\d{1,6}$/.test(raw) ? Number(raw) : 1;
  return Math.max(1, page);
}

/**
 * Screenshots: the anticheat client uploads the image as the raw request body (`image/png`, `image/jpeg` or
 * `application/octet-stream`; the type is decided by content), players and admins list them, and the files
 * are served from `/uploads/screenshots/<random>.<ext>` when the storage is the local disk.
 */
export async function screenshotRoutes(
  app: FastifyInstance,
  options: ScreenshotRoutesOptions,
): Promise<void> {
  // Registered in this plugin's scope only: no other route accepts binary bodies.
  app.addContentTypeParser(
    ['image/png', 'image/jpeg', 'application/octet-stream'],
    { parseAs: 'buffer', bodyLimit: options.maxBytes },
    (_request, body, done) => done(null, body),
  );

  app.post(
    '/api/v1/anticheat/client/screenshots/:matchId',
    { bodyLimit: options.maxBytes },
    async (request, reply) => {
      const user = await userForAnticheatToken(app.db, bearerToken(request));
      const matchId = idParam(request.params, 'matchId');
      const header = request.headers['x-in-game-name'];
      const result = await uploadScreenshot(app.db, options.storage, user, {
        matchId,
        bytes: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
        inGameName: typeof header === 'string' && header.trim() !== '' ? header.trim() : null,
        now: new Date(),
      });
      return reply.status(201).send({ data: result });
    },
  );

  app.get('/api/v1/screenshots/:matchId', async (request) => {
    const viewer = requireUser(request.user);
    const matchId = idParam(request.params, 'matchId');
    return listScreenshots(app.db, options.storage, viewer, matchId, pageOf(request.query), options.perPage);
  });

  // The random file name is the capability: whoever was shown the URL may load the image.
  app.get<{ Params: { file: string } }>('/uploads/screenshots/:file', async (request, reply) => {
    const key = `screenshots/${request.params.file}`;
    const file = isValidKey(key) ? await options.storage.get(key) : null;
    if (!file) return reply.status(404).send({ message: 'Not found.' });
    return reply
      .type(file.contentType)
      .header('Cache-Control', 'private, max-age=86400, immutable')
      .header('X-Content-Type-Options', 'nosniff')
      .send(file.bytes);
  });
}
