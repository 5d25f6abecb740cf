import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { errorMessage } from '@/lib/api-error';
import { notify } from '@/lib/notify';
import { matchKeys } from './match-keys';

/** The status commands of the detail page's buttons. Decline and Cancel are the same call (spec 6). */
export type StatusCommand = 'ready' | 'not-ready' | 'cancel' | 'accept';

const PATHS: Record<StatusCommand, string> = {
  ready: 'ready/1',
  'not-ready': 'ready/0',
  cancel: 'cancel',
  accept: 'accept',
};

/** Spec section 8's success toasts; accepting has none in the spec, so the server's message is shown. */
const SUCCESS: Record<StatusCommand, string | null> = {
  ready: 'Match has been set to ready',
  'not-ready': 'Match has been set to not ready',
  cancel: 'Match was cancelled successfully',
  accept: null,
};

/**
 * Matches this tab is cancelling. The server sends `OnMatchCancelled` to every socket, this tab's too, and
 * the reload it causes elsewhere would swallow this tab's success toast; here a refetch shows the change.
 */
const cancellingHere = new Set<number>();

/** Whether this tab asked to cancel match `id` (its own cancellation broadcast needs no reload). */
export function isCancellingHere(id: number): boolean {
  return cancellingHere.has(id);
}

export async function runStatusCommand(id: number, command: StatusCommand): Promise<string | null> {
  const response = await apiClient.post<{ message?: string }>(
    `/api/v1/match-detail/status/${id}/${PATHS[command]}`,
  );
  return response.data.message ?? null;
}

/**
 * Runs a status command with the spec's toasts, then refetches the match: the broadcasts it causes skip
 * this tab (X-Socket-ID), so the page cannot wait for them.
 */
export function useStatusCommand(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (command: StatusCommand) => runStatusCommand(id, command),
    // Before the call: the broadcast may arrive before the answer.
    onMutate: (command) => {
      if (command === 'cancel') cancellingHere.add(id);
    },
    onSuccess: (message, command) => {
      const text = SUCCESS[command] ?? message;
      if (text) notify.success(text);
    },
    onError: (error) => {
      cancellingHere.delete(id);
      notify.error(`An error has occurred: ${errorMessage(error)}`);
    },
    // Not awaited: the button frees up as soon as the server answered, not after every refetch.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: matchKeys.all(id) }),
  });
}
