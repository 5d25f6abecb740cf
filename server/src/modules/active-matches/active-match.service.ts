import type { ActiveMatchesPage } from '@versus/common/api/active-matches';
import { ACTIVE_MATCHES_PER_PAGE } from '@versus/common/api/page-sizes';
import type { Db } from '../../db/client.ts';
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
