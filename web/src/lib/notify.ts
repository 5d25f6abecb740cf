// Toast helpers, so features show messages one way. react-toastify (with the CSS it injects) is loaded on
// the first toast, not with the app: most page loads never show one. Toasts asked for before its container
// mounted are queued by react-toastify and shown once it has.
import type { ReactNode } from 'react';
import type * as Toastify from 'react-toastify';

type Kind = 'success' | 'info' | 'warning' | 'error';

let library: Promise<typeof Toastify> | null = null;
const listeners = new Set<() => void>();

/** Loads the toast library (once) and tells the container host to mount. */
export function loadToasts(): Promise<typeof Toastify> {
  if (!library) {
    library = import('react-toastify');
    for (const listener of listeners) listener();
  }
  return library;
}

/** Whether a toast was asked for yet (the container mounts from then on). */
export const toastsWanted = () => library !== null;

/** Subscribes to `toastsWanted` changes, for `useSyncExternalStore`. */
export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function show(kind: Kind, message: ReactNode): void {
  loadToasts().then(
    ({ toast }) => toast[kind](message),
    (error: unknown) => console.warn('Toasts are unavailable:', error),
  );
}

export const notify = {
  success: (message: string) => show('success', message),
  /** A node, so a server's HTML message can be shown through `SafeHtml`. */
  info: (message: ReactNode) => show('info', message),
  warning: (message: string) => show('warning', message),
  error: (message: string) => show('error', message),
};
