import type { QueryClient } from '@tanstack/react-query';
import { matchDetailQueryOptions } from './get-match-detail';
import { statusActionsQueryOptions } from './get-status-actions';
import { vetoMatchQueryOptions } from './get-veto-match';

/**
 * Asks for what the match room shows first (detail, status actions, veto) without waiting; the page's
 * hooks then find the answers in the cache, or join the requests in flight, and never ask twice.
 */
export function prefetchMatchRoom(queryClient: QueryClient, id: number): void {
  void queryClient.prefetchQuery(matchDetailQueryOptions(id));
  void queryClient.prefetchQuery(statusActionsQueryOptions(id));
  void queryClient.prefetchQuery(vetoMatchQueryOptions(id));
}
