import { index, integer, pgTable, primaryKey, smallint } from 'drizzle-orm/pg-core';
import { mapPools } from './map-pools.ts';
import { maps } from './maps.ts';

/** The maps of a map pool; `position` orders the veto grid. */
export const mapPoolMaps = pgTable(
  'map_pool_maps',
  {
    mapPoolId: integer('map_pool_id')
      .notNull()
      .references(() => mapPools.id, { onDelete: 'cascade' }),
    mapId: integer('map_id')
      .notNull()
      .references(() => maps.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.mapPoolId, t.mapId] }), index('map_pool_maps_map_idx').on(t.mapId)],
);

export type MapPoolMapRow = typeof mapPoolMaps.$inferSelect;
