import {
  demoFileAnswer,
  demoParams,
  matchDemosAnswer,
  matchDemosParams,
  mediaUploadAnswer,
  mediaUploadChunkBody,
  mediaUploadParams,
  mediaUploadStartBody,
  serverScreenshotRequestAnswer,
  serverScreenshotRequestBody,
} from '@versus/common/api/demos';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import path from 'node:path';
import type { GameServerHostRow } from '../../db/schema/index.ts';
import { bearerToken } from '../../lib/bearer-token.ts';
import { requireUser, signedIn } from '../../lib/http.ts';
import type { FileStorage } from '../../storage/index.ts';
import { DemoService } from './demos.service.ts';

export interface DemoRoutesOptions {
  storage: FileStorage;
}

/** Bytes of one chunk at most (the uploader sends 1 MiB). */
const CHUNK_LIMIT = 8 * 1024 * 1024;

/**
 * The agent's resumable uploads (`Authorization: Bearer ga_...`, the log agent's token; checked before the
 * body), the match's demos for its players and admins, and server screenshots asked for from the room.
 */
export const demoRoutes: FastifyPluginAsyncZod<DemoRoutesOptions> = async (app, options) => {
  const config = app.config;
  const service = new DemoService(app.ctx, options.storage, {
    ...config.demos,
    screenshotMaxBytes: config.screenshots.maxBytes,
    partsDir: path.join(config.dataDir, 'upload-parts'),
  });
  const hosts = new WeakMap<FastifyRequest, GameServerHostRow>();
  const agent = async (request: FastifyRequest) => {
    hosts.set(request, await service.host(bearerToken(request)));
  };
  const hostOf = (request: FastifyRequest): GameServerHostRow => {
    const host = hosts.get(request);
    if (!host) throw new Error('agent preValidation did not run');
    return host;
  };
  const tags = ['Demos'];
  app.addContentTypeParser(
    'application/octet-stream',
    { parseAs: 'buffer', bodyLimit: CHUNK_LIMIT },
    (_request, body, done) => done(null, body),
  );

  app.post(
    '/api/v1/game-server-agent/uploads',
    {
      preValidation: agent,
      schema: {
        tags,
        summary: 'Announce a demo or a server screenshot before its bytes (versus-upload, agent token)',
        security: [{ bearer: [] }],
        body: mediaUploadStartBody,
        response: { 200: mediaUploadAnswer },
      },
    },
    async (request) => ({ data: await service.start(hostOf(request), request.body) }),
  );

  app.get(
    '/api/v1/game-server-agent/uploads/:uploadId',
    {
      preValidation: agent,
      schema: {
        tags,
        summary: 'Where an upload stands: the offset its next chunk starts at (agent token)',
        security: [{ bearer: [] }],
        params: mediaUploadParams,
        response: { 200: mediaUploadAnswer },
      },
    },
    async (request) => ({ data: await service.state(hostOf(request), request.params.uploadId) }),
  );

  app.put(
    '/api/v1/game-server-agent/uploads/:uploadId',
    {
      bodyLimit: CHUNK_LIMIT,
      preValidation: agent,
      schema: {
        tags,
        summary: 'One chunk of an upload at its Content-Range; the last one stores the file (agent token)',
        security: [{ bearer: [] }],
        consumes: ['application/octet-stream'],
        params: mediaUploadParams,
        body: mediaUploadChunkBody,
        response: { 200: mediaUploadAnswer },
      },
    },
    async (request) => ({
      data: await service.chunk(
        hostOf(request),
        request.params.uploadId,
        request.headers['content-range'],
        Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
      ),
    }),
  );

  app.get(
    '/api/v1/match/:matchId/demos',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: "Each map's demos of the match (its players and admins)",
        params: matchDemosParams,
        response: { 200: matchDemosAnswer },
      },
    },
    async (request) => ({ data: await service.list(requireUser(request.user), request.params.matchId) }),
  );

  app.get(
    '/api/v1/demos/:demoId/download',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: "Download a demo (the match's players and admins)",
        params: demoParams,
        produces: ['application/octet-stream'],
        response: { 200: demoFileAnswer },
      },
    },
    async (request, reply) => {
      const file = await service.download(requireUser(request.user), request.params.demoId);
      return reply
        .type('application/octet-stream')
        .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
        .header('X-Content-Type-Options', 'nosniff')
        .send(file.bytes);
    },
  );

  app.post(
    '/api/v1/match/:matchId/screenshots/request',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary:
          "Ask the match's game server for a screenshot of one player or all (admins; captains while live)",
        params: matchDemosParams,
        body: serverScreenshotRequestBody,
        response: { 200: serverScreenshotRequestAnswer },
      },
    },
    async (request) => ({
      data: await service.requestScreenshots(requireUser(request.user), request.params.matchId, request.body),
    }),
  );
};
