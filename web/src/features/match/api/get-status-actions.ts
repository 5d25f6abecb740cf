import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { DataEnvelope } from '@/types/api';
import type { StatusActions } from '@versus/common/api/matches';
import { matchKeys } from './match-keys';

export async function getStatusActions(id: number): Promise<StatusActions> {
  const response = await apiClient.get<DataEnvelope<StatusActions>>(
    `/api/v1/match-detail/status/${id}/actions`,
  );
  return response.data.data;
}

export const statusActionsQueryOptions = (id: number) =>
  queryOptions({ queryKey: matchKeys.actions(id), queryFn: () => getStatusActions(id) });

/** The viewer's status buttons (Ready, Not ready, Decline, Cancel, Accept). */
export function useStatusActions(id: number) {
  return useQuery(statusActionsQueryOptions(id));
}
