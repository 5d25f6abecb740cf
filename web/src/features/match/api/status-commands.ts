import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { errorMessage } from '@/lib/api-error';
import { notify } from '@/lib/notify';
import { matchKeys } from './match-keys';

/** The status commands of the detail page's buttons. Decline and Cancel are the same call. */
export type StatusCommand = 'ready' | 'not-ready' | 'cancel' | 'accept';

const PATHS: Record<StatusCommand, string> = {
  ready: 'ready/1',
  'not-ready': 'ready/0',
  cancel: 'cancel',
  accept: 'accept',
};

/** The success toasts of the status commands (docs/toasts-and-errors.md); accepting has none of its own, so the server's message is shown. */
const SUCCESS: Record<StatusCommand, string | null> = {
  ready: 'Match has been set to ready',
  'not-ready': 'Match has been set to not ready',
  cancel: 'Match was cancelled successfully',
  accept: null,
};

/**
 * Cancelling reloads the page for everyone (spec), this tab included: the server sends `OnMatchCancelled`
 * to every socket. The success toast survives the reload as a one-time flash the next page shows.
 */
const FLASH_KEY = 'versus:flash';

/** The toast a reload must not swallow, shown once by the next page (see `takeFlash`). */
export function setFlash(text: string): void {
  try {
    sessionStorage.setItem(FLASH_KEY, text);
  } catch {
    // Storage unavailable (private mode): the toast is simply not repeated after the reload.
  }
}

/** The flash left by the page before the reload, removed as it is read. */
export function takeFlash(): string | null {
  try {
    const text = sessionStorage.getItem(FLASH_KEY);
    if (text !== null) sessionStorage.removeItem(FLASH_KEY);
    return text;
  } catch {
    return null;
  }
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
    // The cancellation broadcast reloads this tab too, and it may arrive before the answer does: the flash is
    // left before the request, so the reloaded page shows the toast whichever comes first.
    onMutate: (command) => {
      if (command === 'cancel') setFlash(SUCCESS.cancel ?? '');
    },
    onSuccess: (message, command) => {
      const text = SUCCESS[command] ?? message;
      if (text) notify.success(text);
    },
    onError: (error, command) => {
      if (command === 'cancel') takeFlash();
      notify.error(`An error has occurred: ${errorMessage(error)}`);
    },
    // Not awaited: the button frees up as soon as the server answered, not after every refetch.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: matchKeys.all(id) }),
  });
}
