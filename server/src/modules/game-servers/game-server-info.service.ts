// What the match room's server box shows: the server of a match (connection string only for its
// players and admins, by the same policy the machine uses) and its live status.
import { canSeeServer } from '@versus/common/match/policies';
import { eq } from 'drizzle-orm';
import { locations } from '../../db/schema/index.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { NotFoundError } from '../../errors.ts';
import type { MatchEngine } from '../matches/match-engine.ts';
import { findMatch, viewerOf } from '../matches/match.service.ts';
import { connectionString } from './game-server.provider.ts';
import type { GameServerStatusView } from './game-server.service.ts';

export async function getMatchServer(engine: MatchEngine, matchId: number, user: UserRow | null) {
  const record = await findMatch(engine, matchId);
  const server = await engine.gameServers.findForMatch(matchId);
  const canSee = canSeeServer(record.state, viewerOf(user));
  const locationId = server?.locationId ?? record.state.location.chosenId;
  const [location] =
    locationId === null
      ? []
      : await engine.db.select({ flag: locations.flag }).from(locations).where(eq(locations.id, locationId));
  return {
    gameServerUuid: server?.uuid ?? null,
    connectionString:
      canSee && server ? connectionString({ ...server, password: server.password ?? '' }) : null,
    serverAvailable: server !== null,
    canSeeServer: canSee,
    matchState: record.state.statusId,
    locationIcon: location?.flag ?? null,
  };
}

export async function getServerStatus(engine: MatchEngine, uuid: string): Promise<GameServerStatusView> {
  const server = /^[0-9a-f-]{36}$/i.test(uuid) ? await engine.gameServers.findByUuid(uuid) : null;
  if (!server) throw new NotFoundError('Game server not found.');
  return engine.gameServers.status(server);
}
