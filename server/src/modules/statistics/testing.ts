// Helpers for the game-integration API tests (statistics, anticheat, screenshots, identity, agents): a factory
// for matches in a chosen status, posting a log batch, and naming the hand-written logs' players. The app comes
// from `buildTestApp({ clock: 'real' })`. Not a test file.
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  gameServers,
  games,
  userGameAccounts,
  ladders,
  maps,
  matches,
  matchMaps,
  matchPlayers,
  teams,
  users,
} from '../../db/schema/index.ts';
import { mintGameServerToken } from '../match-log/index.ts';

export interface MatchFixture {
  matchId: number;
  /** User ids by username (player1..player10). */
  userIds: Map<string, number>;
  /** `match_maps.id` by server map name. */
  matchMapIds: Map<string, number>;
  mapIds: Map<string, number>;
  gameServerId: number;
  serverToken: string;
}

/**
 * A ladder match Red Dragons (player1-5, challenger) vs Northern Wolves (player6-10) in `statusId`, playing
 * `mapNames` in that order, with a game server whose log token is returned.
 */
export async function createMatchFixture(
  app: FastifyInstance,
  options: { statusId?: number; mapNames?: string[] } = {},
): Promise<MatchFixture> {
  const db = app.db;
  const mapNames = options.mapNames ?? ['mp_crash', 'mp_strike'];
  const [game] = await db.select().from(games).where(eq(games.slug, 'cod4'));
  const [ladder] = await db.select().from(ladders).limit(1);
  const teamRows = await db
    .select()
    .from(teams)
    .where(inArray(teams.slug, ['red-dragons', 'northern-wolves']));
  const red = teamRows.find((t) => t.slug === 'red-dragons');
  const wolves = teamRows.find((t) => t.slug === 'northern-wolves');
  if (!game || !ladder || !red || !wolves) throw new Error('seed missing');
  const names = Array.from({ length: 10 }, (_, i) => `player${i + 1}`);
  const userRows = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, names));
  const userIds = new Map(userRows.map((u) => [u.username, u.id]));
  const id = (name: string) => userIds.get(name) ?? 0;

  const [match] = await db
    .insert(matches)
    .values({
      type: 'ladder',
      statusId: options.statusId ?? 4,
      gameId: game.id,
      ladderId: ladder.id,
      challengerTeamId: red.id,
      opponentTeamId: wolves.id,
      challengerCaptainId: id('player1'),
      opponentCaptainId: id('player6'),
      teamSize: 5,
      bestOf: mapNames.length === 1 ? 1 : 3,
    })
    .returning({ id: matches.id });
  if (!match) throw new Error('no match');
  await db.insert(matchPlayers).values(
    names.map((name, i) => ({
      matchId: match.id,
      userId: id(name),
      side: i < 5 ? 1 : 2,
      teamId: i < 5 ? red.id : wolves.id,
      isCaptain: i === 0 || i === 5,
    })),
  );
  const mapRows = await db.select().from(maps).where(inArray(maps.nameCmd, mapNames));
  const mapIds = new Map(mapRows.map((m) => [m.nameCmd, m.id]));
  const inserted = await db
    .insert(matchMaps)
    .values(
      mapNames.map((n, i) => ({
        matchId: match.id,
        mapId: mapIds.get(n) ?? 0,
        position: i,
        mapOrder: i + 1,
      })),
    )
    .returning({ id: matchMaps.id, mapId: matchMaps.mapId });
  const matchMapIds = new Map(
    mapNames.map((n) => [n, inserted.find((r) => r.mapId === mapIds.get(n))?.id ?? 0]),
  );
  const [server] = await db
    .insert(gameServers)
    .values({ matchId: match.id, host: '127.0.0.1', port: 28960, status: 'ONLINE' })
    .returning({ id: gameServers.id });
  if (!server) throw new Error('no server');
  const serverToken = await mintGameServerToken(db, server.id);
  return { matchId: match.id, userIds, matchMapIds, mapIds, gameServerId: server.id, serverToken };
}

/** Posts one batch of log lines through the match's game server log route (the server's own token). */
export function postLogBatch(app: FastifyInstance, fixture: MatchFixture, batchId: string, lines: string[]) {
  return app.inject({
    method: 'POST',
    url: `/api/v1/game-server-log/${fixture.matchId}`,
    headers: { authorization: `Bearer ${fixture.serverToken}` },
    payload: { batchId, lines },
  });
}

/**
 * Ties the players of the hand-written logs (`test-logs.ts`) to the fixture's accounts: Alpha (player1) and
 * Bravo (player2) by their in-game names on the roster, Charlie (player6) by his known GUID `ccc`; Delta
 * stays unknown. `bravo` is the in-game name written for player2 (colour codes and case are ignored).
 */
export async function nameLogPlayers(
  app: FastifyInstance,
  fixture: MatchFixture,
  options: { bravo?: string } = {},
): Promise<void> {
  const db = app.db;
  const uid = (name: string) => fixture.userIds.get(name) ?? 0;
  for (const [username, inGameName] of [
    ['player1', 'Alpha'],
    ['player2', options.bravo ?? 'Bravo'],
  ] as const) {
    await db
      .update(matchPlayers)
      .set({ inGameName })
      .where(eq(matchPlayers.userId, uid(username)));
  }
  const [game] = await db.select().from(games).where(eq(games.slug, 'cod4'));
  await db
    .insert(userGameAccounts)
    .values({ userId: uid('player6'), gameId: game?.id ?? 0, guid: 'ccc', source: 'settings' })
    .onConflictDoNothing();
}
