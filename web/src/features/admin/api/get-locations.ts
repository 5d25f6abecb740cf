import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { DataEnvelope } from '@/types/api';
import type { AdminLocation } from '@versus/common/api/admin';
import { adminKeys } from './admin-keys';

export async function getAdminLocations(): Promise<AdminLocation[]> {
  return (await apiClient.get<DataEnvelope<AdminLocation[]>>('/api/v1/admin/locations')).data.data;
}

export const adminLocationsQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.locations, queryFn: getAdminLocations });

export function useAdminLocations() {
  return useQuery(adminLocationsQueryOptions());
}
