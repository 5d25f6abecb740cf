import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MapUpdateInput } from '@versus/common/api/admin';
import { apiClient } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

/** Creates a map (no `id`) or changes one. */
export async function saveMap({ id, ...input }: MapUpdateInput & { id?: number }): Promise<void> {
  if (id === undefined) await apiClient.post('/api/v1/admin/maps', input);
  else await apiClient.patch(`/api/v1/admin/maps/${id}`, input);
}

export function useSaveMap() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMap,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.maps }),
  });
}
