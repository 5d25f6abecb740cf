import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { DataEnvelope } from '@/types/api';
import type { AdminOverview } from '@versus/common/api/admin';
import { adminKeys } from './admin-keys';

export async function getAdminOverview(): Promise<AdminOverview> {
  return (await apiClient.get<DataEnvelope<AdminOverview>>('/api/v1/admin/overview')).data.data;
}

export const adminOverviewQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.overview, queryFn: getAdminOverview, staleTime: 0 });

/** Open disputes, scores awaiting approval and matches an admin may cancel. */
export function useAdminOverview() {
  return useQuery(adminOverviewQueryOptions());
}
