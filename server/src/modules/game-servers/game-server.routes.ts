import type { FastifyInstance } from 'fastify';
import { getServerStatus } from './game-server-info.service.ts';

/** Live status of a game server, measured by the Quake 3 `getstatus` UDP query. */
export async function gameServerRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { uuid: string } }>('/api/v1/game-server/:uuid/status', async (request) =>
    getServerStatus(app.matchEngine, request.params.uuid),
  );
}
