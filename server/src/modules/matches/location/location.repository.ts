import { STATUS } from '@versus/common/match/statuses';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { jobTicks, locations, matches } from '../../../db/schema/index.ts';
import type { LocationRow } from '../../../db/schema/index.ts';

export async function locationsByIds(db: Db, ids: number[]): Promise<LocationRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(locations).where(inArray(locations.id, ids)).orderBy(asc(locations.id));
}

/** Matches whose location vote is open (status 11) and its deadline. */
export async function openLocationVotes(db: Db): Promise<{ id: number; deadline: Date | null }[]> {
  return db
    .select({ id: matches.id, deadline: matches.locationVoteDeadline })
    .from(matches)
    .where(eq(matches.statusId, STATUS.locationSelect))
    .orderBy(asc(matches.id));
}

/**
 * Claims tick `tick` of job `name` for this instance: true for exactly one caller per tick, whichever
 * server instance gets there first (one conditional upsert, no transaction needed).
 */
export async function claimJobTick(db: Db, name: string, tick: number): Promise<boolean> {
  const rows = await db
    .insert(jobTicks)
    .values({ name, tick })
    .onConflictDoUpdate({
      target: jobTicks.name,
      set: { tick },
      setWhere: sql`${jobTicks.tick} < ${tick}`,
    })
    .returning({ tick: jobTicks.tick });
  return rows.length > 0;
}
