// A team's map preferences per map pool (docs/match-room.md, "Map veto"): the captain saves the maps to ban
// first and to pick first; when one of the team's veto turns times out, the system follows them
// (common/src/match/veto.ts). Pools offered: those of the ladders and tournaments (the competitions teams
// play), by id.
import type { MapPoolPreferences, MapPreferencesAnswer } from '@versus/common/api/teams';
import { and, asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../core/app-context.ts';
import type { Db, Tx } from '../../db/client.ts';
import {
  ladders,
  mapPoolMaps,
  mapPools,
  maps,
  teamMapPreferences,
  tournaments,
} from '../../db/schema/index.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../../errors.ts';
import { findMembership, findTeamBySlug, lockTeam } from './team.repository.ts';
import { TEAM_TEXTS } from './team.texts.ts';

export const MAP_PREFERENCE_TEXTS = {
  saved: 'Map preferences were saved successfully',
  poolNotFound: 'Map pool not found.',
  notInPool: 'Every map must be in the map pool.',
  twice: 'A map can be listed only once.',
  both: 'A map can be a ban or a pick preference, not both.',
} as const;

type Queryable = Db | Tx;

/** The map pools of ladders and tournaments, with the names of the competitions using each. */
async function competitionPools(db: Queryable) {
  const rows = [
    ...(await db.select({ poolId: ladders.mapPoolId, name: ladders.name }).from(ladders)),
    ...(await db.select({ poolId: tournaments.mapPoolId, name: tournaments.name }).from(tournaments)),
  ];
  const byPool = new Map<number, string[]>();
  for (const r of rows) byPool.set(r.poolId, [...(byPool.get(r.poolId) ?? []), r.name]);
  return byPool;
}

async function poolView(
  db: Queryable,
  teamId: number,
  poolId: number,
  competitions: string[],
): Promise<MapPoolPreferences | null> {
  const [pool] = await db.select().from(mapPools).where(eq(mapPools.id, poolId));
  if (!pool) return null;
  const poolMaps = await db
    .select({ id: maps.id, name: maps.name, nameCmd: maps.nameCmd })
    .from(mapPoolMaps)
    .innerJoin(maps, eq(maps.id, mapPoolMaps.mapId))
    .where(eq(mapPoolMaps.mapPoolId, poolId))
    .orderBy(asc(mapPoolMaps.position), asc(maps.id));
  const saved = await db
    .select({ mapId: teamMapPreferences.mapId, action: teamMapPreferences.action })
    .from(teamMapPreferences)
    .where(and(eq(teamMapPreferences.teamId, teamId), eq(teamMapPreferences.mapPoolId, poolId)))
    .orderBy(asc(teamMapPreferences.position), asc(teamMapPreferences.id));
  return {
    mapPoolId: pool.id,
    name: pool.name,
    competitions,
    maps: poolMaps,
    ban: saved.filter((s) => s.action === 'ban').map((s) => s.mapId),
    pick: saved.filter((s) => s.action === 'pick').map((s) => s.mapId),
  };
}

export async function getMapPreferences(
  db: Db,
  slug: string,
  viewer: UserRow | null,
): Promise<MapPreferencesAnswer['data']> {
  const team = await findTeamBySlug(db, slug);
  if (!team) throw new NotFoundError(TEAM_TEXTS.notFound);
  const me = viewer ? await findMembership(db, team.id, viewer.id) : null;
  const pools: MapPoolPreferences[] = [];
  for (const [poolId, names] of [...(await competitionPools(db)).entries()].sort((a, b) => a[0] - b[0])) {
    const view = await poolView(db, team.id, poolId, names);
    if (view) pools.push(view);
  }
  return { canEdit: me?.isCaptain === true, pools };
}

/** The captain replaces the team's preferences for one pool (the team row locked while it writes). */
export async function saveMapPreferences(
  ctx: AppContext,
  user: UserRow,
  slug: string,
  mapPoolId: number,
  input: { ban: number[]; pick: number[] },
): Promise<{ message: string; data: MapPoolPreferences }> {
  return ctx.db.transaction(async (tx) => {
    const found = await findTeamBySlug(tx, slug);
    const team = found ? await lockTeam(tx, found.id) : null;
    if (!team) throw new NotFoundError(TEAM_TEXTS.notFound);
    const me = await findMembership(tx, team.id, user.id);
    if (!me?.isCaptain) throw new ForbiddenError(TEAM_TEXTS.notCaptain);
    const names = (await competitionPools(tx)).get(mapPoolId);
    const before = names ? await poolView(tx, team.id, mapPoolId, names) : null;
    if (!names || !before) throw new NotFoundError(MAP_PREFERENCE_TEXTS.poolNotFound);
    const inPool = new Set(before.maps.map((m) => m.id));
    for (const [field, list] of [
      ['ban', input.ban],
      ['pick', input.pick],
    ] as const) {
      if (list.some((id) => !inPool.has(id))) {
        throw new ValidationError({ [field]: [MAP_PREFERENCE_TEXTS.notInPool] });
      }
      if (new Set(list).size !== list.length)
        throw new ValidationError({ [field]: [MAP_PREFERENCE_TEXTS.twice] });
    }
    if (input.ban.some((id) => input.pick.includes(id))) {
      throw new ValidationError({ pick: [MAP_PREFERENCE_TEXTS.both] });
    }
    await tx
      .delete(teamMapPreferences)
      .where(and(eq(teamMapPreferences.teamId, team.id), eq(teamMapPreferences.mapPoolId, mapPoolId)));
    const rows = [
      ...input.ban.map((mapId, i) => ({ action: 'ban', mapId, position: i })),
      ...input.pick.map((mapId, i) => ({ action: 'pick', mapId, position: i })),
    ].map((r) => ({ ...r, teamId: team.id, mapPoolId }));
    if (rows.length > 0) await tx.insert(teamMapPreferences).values(rows);
    const after = await poolView(tx, team.id, mapPoolId, names);
    if (!after) throw new NotFoundError(MAP_PREFERENCE_TEXTS.poolNotFound);
    return { message: MAP_PREFERENCE_TEXTS.saved, data: after };
  });
}
