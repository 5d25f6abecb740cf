// What `server.ready` says: the match's game server once it is up (admins' endpoints also get its
// connection string; captains' never do, as the match room shows it only to the match's players).
import type { Db } from '../../db/client.ts';
import { connectionString, findServerOfMatch } from '../game-servers/index.ts';

export async function readServerConnection(
  db: Db,
  matchId: number,
): Promise<{ connect: string; location: number | null } | null> {
  const server = await findServerOfMatch(db, matchId);
  if (!server) return null;
  return {
    connect: connectionString({ ...server, password: server.password ?? '' }),
    location: server.locationId,
  };
}
