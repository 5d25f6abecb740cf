import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LocationUpdateInput } from '@versus/common/api/admin';
import { apiClient } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

/** Creates a location (no `id`) or changes one. */
export async function saveLocation({ id, ...input }: LocationUpdateInput & { id?: number }): Promise<void> {
  if (id === undefined) await apiClient.post('/api/v1/admin/locations', input);
  else await apiClient.patch(`/api/v1/admin/locations/${id}`, input);
}

export function useSaveLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveLocation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.locations }),
  });
}
