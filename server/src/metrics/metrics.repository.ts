// The scrape-time reads of `/metrics`: one grouped query each, on indexed or small tables.
import { count, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { gameServerHosts, matchEffects, matches } from '../db/schema/index.ts';

/** Matches per status id. */
export function matchesPerStatus(db: Db): Promise<{ statusId: number; count: number }[]> {
  return db.select({ statusId: matches.statusId, count: count() }).from(matches).groupBy(matches.statusId);
}

/** Effects per status (`pending`, `failed`; done ones are left out: they only grow). */
export function effectsPerStatus(db: Db): Promise<{ status: string; count: number }[]> {
  return db
    .select({ status: matchEffects.status, count: count() })
    .from(matchEffects)
    .where(sql`${matchEffects.status} <> 'done'`)
    .groupBy(matchEffects.status);
}

/** Each enabled pool server whose agent ever sent a batch, with that batch's time. */
export function agentLastBatches(db: Db): Promise<{ id: number; name: string; lastBatchAt: Date | null }[]> {
  return db
    .select({
      id: gameServerHosts.id,
      name: gameServerHosts.name,
      lastBatchAt: gameServerHosts.agentLastBatchAt,
    })
    .from(gameServerHosts)
    .where(sql`${gameServerHosts.enabled} and ${isNotNull(gameServerHosts.agentLastBatchAt)}`);
}
