import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { errorMessage, fieldErrors } from '@/lib/api-error';
import { notify } from '@/lib/notify';
import type { VetoMapEntry, VetoMatch, VetoSelectAnswer } from '@versus/common/api/matches';
import { matchKeys } from './match-keys';

/**
 * A map click's answer: the whole veto match after the click (what `OnMatchMapChange` carries), so the
 * clicking tab, whose own broadcast the server skips, needs no refetch. An older server sends no `data`.
 */
export type SelectMapAnswer = Partial<VetoSelectAnswer>;

export async function selectMap(matchId: number, mapId: number): Promise<VetoMatch | null> {
  const response = await apiClient.post<SelectMapAnswer>(`/api/v1/match/${matchId}/map/${mapId}`);
  return response.data.data ?? null;
}

/** "Error(s):" then each `errors.validator` message on a line of its own (docs/toasts-and-errors.md). */
export function vetoErrorText(error: unknown): string {
  const messages = fieldErrors(error)?.validator ?? [];
  const lines = messages.length > 0 ? messages : [errorMessage(error)];
  return ['Error(s):', ...lines].join('\n');
}

/**
 * Picks or bans a map with the success or error toast. The server excepts this tab (its `X-Socket-ID`)
 * from the veto broadcast and answers with the veto match instead, which goes straight into the cache; only
 * without it (an older server) or after a refusal is the veto match refetched.
 */
export function useSelectMap(matchId: number) {
  const queryClient = useQueryClient();
  const refetchVeto = () => void queryClient.invalidateQueries({ queryKey: matchKeys.veto(matchId) });
  return useMutation({
    mutationFn: (map: VetoMapEntry) => selectMap(matchId, map.id),
    onSuccess: (match, map) => {
      if (match) queryClient.setQueryData(matchKeys.veto(matchId), match);
      else refetchVeto();
      notify.success(`${map.map.name} - selected successfully.`);
    },
    onError: (error) => {
      notify.error(vetoErrorText(error));
      // Not awaited: the button frees up as soon as the server answered, not after the refetch.
      refetchVeto();
    },
  });
}
