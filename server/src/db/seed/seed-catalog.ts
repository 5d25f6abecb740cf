import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { locations, mapPoolMaps, mapPools, maps } from '../schema/index.ts';
import { DEMO_LOCATIONS, DEMO_MAPS, DEMO_POOL_MAPS } from './demo-data.ts';

/** Inserts the game's eleven maps (conflict-safe) and returns their ids by `name_cmd`. */
export async function seedMaps(tx: Tx, gameId: number): Promise<Map<string, number>> {
  await tx
    .insert(maps)
    .values(
      DEMO_MAPS.map(([name, nameCmd]) => ({ gameId, name, nameCmd, image: `/images/maps/${nameCmd}.svg` })),
    )
    .onConflictDoNothing();
  const rows = await tx
    .select({ id: maps.id, nameCmd: maps.nameCmd })
    .from(maps)
    .where(
      and(
        eq(maps.gameId, gameId),
        inArray(
          maps.nameCmd,
          DEMO_MAPS.map(([, nameCmd]) => nameCmd),
        ),
      ),
    );
  return new Map(rows.map((r) => [r.nameCmd, r.id]));
}

/** Inserts the demo locations, each pointing at `appUrl` so `{hostname}/ping` reaches this server. */
export async function seedLocations(tx: Tx, appUrl: string): Promise<void> {
  await tx
    .insert(locations)
    .values(DEMO_LOCATIONS.map((l) => ({ ...l, hostname: appUrl })))
    .onConflictDoNothing();
}

/** Creates one seven-map pool; every competition gets its own so admins can change one alone. */
export async function createMapPool(
  tx: Tx,
  gameId: number,
  name: string,
  mapIds: Map<string, number>,
): Promise<number> {
  const [pool] = await tx.insert(mapPools).values({ gameId, name }).returning({ id: mapPools.id });
  if (!pool) throw new Error('map pool insert returned no row');
  await tx.insert(mapPoolMaps).values(
    DEMO_POOL_MAPS.map((nameCmd, position) => {
      const mapId = mapIds.get(nameCmd);
      if (mapId === undefined) throw new Error(`demo map ${nameCmd} missing`);
      return { mapPoolId: pool.id, mapId, position };
    }),
  );
  return pool.id;
}
