import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { errorMessage, fieldErrors } from '@/lib/api-error';
import { notify } from '@/lib/notify';
import type { VetoMapEntry } from '@versus/common/api/matches';
import { matchKeys } from './match-keys';

export async function selectMap(matchId: number, mapId: number): Promise<void> {
  await apiClient.post(`/api/v1/match/${matchId}/map/${mapId}`);
}

/** Spec section 8: "Error(s):" then each `errors.validator` message on a line of its own. */
export function vetoErrorText(error: unknown): string {
  const messages = fieldErrors(error)?.validator ?? [];
  const lines = messages.length > 0 ? messages : [errorMessage(error)];
  return ['Error(s):', ...lines].join('\n');
}

/** Picks or bans a map with the spec's toasts, then refetches (this tab's own broadcast skips it). */
export function useSelectMap(matchId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (map: VetoMapEntry) => selectMap(matchId, map.id),
    onSuccess: (_data, map) => notify.success(`${map.map.name} - selected successfully.`),
    onError: (error) => notify.error(vetoErrorText(error)),
    // Not awaited: the button frees up as soon as the server answered, not after every refetch.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: matchKeys.all(matchId) }),
  });
}
