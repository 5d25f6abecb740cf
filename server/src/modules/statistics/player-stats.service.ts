import { playerStatsAnswer, type PlayerStats } from '@versus/common/api/player-stats';
import { pageCache, type PageCacheContext } from '../../core/page-cache.ts';
import type { Db } from '../../db/client.ts';
import { NotFoundError } from '../../errors.ts';
import { encodeBody, type EncodedBody } from '../../lib/etag.ts';
import { serializeAnswer } from '../../lib/http.ts';
import { presentPlayerStats } from './player-stats.presenter.ts';
import {
  playedMatches,
  playerByName,
  playerMapRows,
  playerRatingChanges,
  teamRatingChanges,
} from './player-stats.repository.ts';

/** A player's statistics over time, for their profile and for bots (`GET /api/v1/users/{username}/stats`). */
export async function getPlayerStats(db: Db, username: string): Promise<PlayerStats> {
  const player = await playerByName(db, username);
  if (!player) throw new NotFoundError('User not found.');
  const [matches, mapRows, own, team] = await Promise.all([
    playedMatches(db, player.id),
    playerMapRows(db, player.id),
    playerRatingChanges(db, player.id),
    teamRatingChanges(db, player.id),
  ]);
  return presentPlayerStats(player, matches, mapRows, own, team);
}

/**
 * The same statistics as encoded bytes, the same for every viewer: read and encoded once per change of what
 * they show (server/src/core/page-cache.ts: every match change drops them; a statistics row written from a
 * server's log shows within the cache's time, PAGE_CACHE_TTL_MS).
 */
export async function getPlayerStatsBody(
  ctx: PageCacheContext & { readonly db: Db },
  username: string,
): Promise<EncodedBody> {
  return pageCache(ctx).get(`user-stats:${username.toLowerCase()}`, async () => {
    const body = encodeBody(
      serializeAnswer(playerStatsAnswer, { data: await getPlayerStats(ctx.db, username) }),
    );
    return { value: body, bytes: body.bytes.length };
  });
}
