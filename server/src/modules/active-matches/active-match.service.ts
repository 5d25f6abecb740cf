import { activeMatchesAnswer, type ActiveMatchesPage } from '@versus/common/api/active-matches';
import { ACTIVE_MATCHES_PER_PAGE } from '@versus/common/api/page-sizes';
import type { PageCacheContext } from '../../core/page-cache.ts';
import { userPageCache } from '../../core/page-cache.ts';
import type { Db } from '../../db/client.ts';
import { encodeBody, type EncodedBody } from '../../lib/etag.ts';
import { serializeAnswer } from '../../lib/http.ts';
import { pageMeta } from '../../lib/pagination.ts';
import { readActiveMatches } from './active-match.repository.ts';
import { presentActiveMatch } from './active-match.presenter.ts';

/**
 * The panel's answer. The spec reads `data.data` as the list and `data.data.userActiveMatchesCount`
 * as the badge count (axios `response.data.data`), so the list and the count sit side by side in
 * the inner object; the page numbers sit there too.
 */
export async function userActiveMatches(
  db: Db,
  userId: number,
  page: number,
): Promise<{ data: ActiveMatchesPage }> {
  const perPage = ACTIVE_MATCHES_PER_PAGE;
  const { rows, total } = await readActiveMatches(db, userId, perPage, (page - 1) * perPage);
  const meta = pageMeta(page, perPage, total, rows.length);
  return {
    data: {
      data: rows.map(presentActiveMatch),
      userActiveMatchesCount: total,
      current_page: meta.current_page,
      last_page: meta.last_page,
      per_page: meta.per_page,
      total,
    },
  };
}

/**
 * The answer as encoded bytes, read and encoded once per change (server/src/core/page-cache.ts, the per-user
 * cache): every write that creates a match, changes who plays in it, its status, its dates or the names it
 * shows drops it on every instance before it answers or publishes an event. Only page 1 is kept.
 */
export async function userActiveMatchesBody(
  ctx: PageCacheContext & { readonly db: Db },
  userId: number,
  page: number,
): Promise<EncodedBody> {
  const read = async () =>
    encodeBody(serializeAnswer(activeMatchesAnswer, await userActiveMatches(ctx.db, userId, page)));
  // Only the first page, the one the header panel opens on, is kept: a user paging through many pages would
  // otherwise fill the shared cache with one entry a page and push other users' first pages out.
  if (page !== ACTIVE_MATCHES_CACHED_PAGE) return read();
  return userPageCache(ctx).get(`active-matches:${String(userId)}`, async () => {
    const body = await read();
    return { value: body, bytes: body.bytes.length };
  });
}

/** The page of the Active games panel that is cached per user; other pages are read every time. */
export const ACTIVE_MATCHES_CACHED_PAGE = 1;
