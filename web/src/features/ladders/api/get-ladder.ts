import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { DataEnvelope } from '@/types/api';
import type { LadderPage } from '@versus/common/api/ladders';
import { ladderKeys } from './ladder-keys';

export async function getLadder(slug: string): Promise<LadderPage> {
  return (await apiClient.get<DataEnvelope<LadderPage>>(`/api/v1/ladders/${encodeURIComponent(slug)}`)).data
    .data;
}

export const ladderQueryOptions = (slug: string) =>
  queryOptions({ queryKey: ladderKeys.page(slug), queryFn: () => getLadder(slug) });

/** A ladder's standings by rating, with the viewer's challenge and join options. */
export function useLadder(slug: string) {
  return useQuery(ladderQueryOptions(slug));
}
