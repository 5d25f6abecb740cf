import { pageQuery } from '@versus/common/api/pagination';
import {
  screenshotMatchParams,
  screenshotPageAnswer,
  screenshotUploadAnswer,
  screenshotUploadBody,
} from '@versus/common/api/screenshots';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FileStorage } from '../../storage/index.ts';
import { isValidKey } from '../../storage/storage.ts';
import { requireUser, signedIn } from '../../lib/http.ts';
import { anticheatClient, anticheatClientOf } from '../anticheat/index.ts';
import { listScreenshots, uploadScreenshot } from './screenshot.service.ts';

export interface ScreenshotRoutesOptions {
  storage: FileStorage;
  /** Largest accepted upload in bytes (413 above). */
  maxBytes: number;
  perPage: number;
  maxPerMatch: number;
  maxPerUserPerMatch: number;
}

/**
 * Screenshots: the anticheat client uploads the image as the raw request body (`image/png`, `image/jpeg` or
 * `application/octet-stream`; the type is decided by content), players and admins list them, and the files
 * are served from `/uploads/screenshots/<random>.<ext>` when the storage is the local disk.
 */
export const screenshotRoutes: FastifyPluginAsyncZod<ScreenshotRoutesOptions> = async (app, options) => {
  const tags = ['Screenshots'];
  // Registered in this plugin's scope only: no other route accepts binary bodies.
  app.addContentTypeParser(
    ['image/png', 'image/jpeg', 'application/octet-stream'],
    { parseAs: 'buffer', bodyLimit: options.maxBytes },
    (_request, body, done) => done(null, body),
  );

  app.post(
    '/api/v1/anticheat/client/screenshots/:matchId',
    {
      bodyLimit: options.maxBytes,
      // The token, then the client's upload allowance (429), then the path and the bytes.
      preValidation: [
        anticheatClient,
        async (request) => app.limits.take(request, 'upload', anticheatClientOf(request).id),
      ],
      schema: {
        tags,
        summary: 'Upload a screenshot while the match is in progress (anticheat client, bearer token)',
        security: [{ bearer: [] }],
        consumes: ['image/png', 'image/jpeg', 'application/octet-stream'],
        params: screenshotMatchParams,
        body: screenshotUploadBody,
        response: { 201: screenshotUploadAnswer },
      },
    },
    async (request, reply) => {
      const user = anticheatClientOf(request);
      const header = request.headers['x-in-game-name'];
      const result = await uploadScreenshot(
        app.db,
        options.storage,
        user,
        {
          matchId: request.params.matchId,
          bytes: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
          inGameName: typeof header === 'string' && header.trim() !== '' ? header.trim() : null,
          now: new Date(),
        },
        { perMatch: options.maxPerMatch, perUserPerMatch: options.maxPerUserPerMatch },
      );
      return reply.status(201).send({ data: result });
    },
  );

  app.get(
    '/api/v1/screenshots/:matchId',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: "A page of the match's screenshots (its players and admins)",
        params: screenshotMatchParams,
        querystring: pageQuery,
        response: { 200: screenshotPageAnswer },
      },
    },
    async (request) =>
      listScreenshots(
        app.db,
        options.storage,
        requireUser(request.user),
        request.params.matchId,
        request.query.page,
        options.perPage,
      ),
  );

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
};
