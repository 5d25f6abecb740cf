import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { DataEnvelope } from '@/types/api';
import type { AdminMap } from '@versus/common/api/admin';
import { adminKeys } from './admin-keys';

export async function getAdminMaps(): Promise<AdminMap[]> {
  return (await apiClient.get<DataEnvelope<AdminMap[]>>('/api/v1/admin/maps')).data.data;
}

export const adminMapsQueryOptions = () => queryOptions({ queryKey: adminKeys.maps, queryFn: getAdminMaps });

export function useAdminMaps() {
  return useQuery(adminMapsQueryOptions());
}
