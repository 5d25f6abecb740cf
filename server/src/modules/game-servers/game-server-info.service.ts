// What the match room's server box shows: the server of a match (connection string only for its
// players and admins, by the same policy the machine uses) and its live status.
import { canSeeServer } from '@versus/common/match/policies';
import { STATUS } from '@versus/common/match/statuses';
import { eq } from 'drizzle-orm';
import { locations } from '../../db/schema/index.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { NotFoundError } from '../../errors.ts';
import type { AppContext } from '../../core/app-context.ts';
import { readMatchForView, viewerOf } from '../matches/index.ts';
import { latestRestore } from '../match-log/index.ts';
import { connectionString } from './game-server.provider.ts';
import { gameServersOf } from './game-server.registry.ts';
import { absencesOfMatch } from './player-absence.ts';
import { kicksOfMatch } from './roster-lock.ts';
import type { GameServerStatusView } from './game-server.service.ts';

export async function getMatchServer(ctx: AppContext, matchId: number, user: UserRow | null) {
  const record = await readMatchForView(ctx, matchId);
  const server = await gameServersOf(ctx).findForMatch(matchId);
  const canSee = canSeeServer(record.state, viewerOf(user));
  const locationId = server?.locationId ?? record.state.location.chosenId;
  const [location] =
    locationId === null
      ? []
      : await ctx.db
          .select({ flag: locations.flag, city: locations.city, country: locations.country })
          .from(locations)
          .where(eq(locations.id, locationId));
  return {
    gameServerUuid: server?.uuid ?? null,
    connectionString:
      canSee && server ? connectionString({ ...server, password: server.password ?? '' }) : null,
    serverAvailable: server !== null,
    canSeeServer: canSee,
    matchState: record.state.statusId,
    locationIcon: location?.flag ?? null,
    locationCity: location?.city ?? null,
    locationCountry: location?.country ?? null,
    // Clients the roster lock kicked from the match's server, for the match's players and admins.
    kicks: canSee ? await kicksOfMatch(ctx.db, matchId) : [],
    // Lineup players away from the live server (player-absence.ts), for the match's players and admins.
    absences:
      canSee && record.state.statusId === STATUS.inProgress ? await absencesOfMatch(ctx.db, matchId) : [],
    // "Map restored at 7:5 after a server crash": the match's latest map restarted at its score.
    restore: await latestRestore(ctx.db, matchId),
  };
}

export async function getServerStatus(ctx: AppContext, uuid: string): Promise<GameServerStatusView> {
  const servers = gameServersOf(ctx);
  const server = /^[0-9a-f-]{36}$/i.test(uuid) ? await servers.findByUuid(uuid) : null;
  if (!server) throw new NotFoundError('Game server not found.');
  return servers.status(server);
}
