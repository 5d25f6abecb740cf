// Toast helpers, so features show messages one way. react-toastify (its unstyled entry and its stylesheet,
// see ./toast-library) is loaded on the first toast, not with the app: most page loads never show one.
// Toasts asked for before its container mounted are queued by react-toastify and shown once it has.
import type { ReactNode } from 'react';
import type * as Toastify from './toast-library';

type Kind = 'success' | 'info' | 'warning' | 'error';

let library: Promise<typeof Toastify> | null = null;
const listeners = new Set<() => void>();

/** Loads the toast library (once) and tells the container host to mount. */
export function loadToasts(): Promise<typeof Toastify> {
  if (!library) {
    library = import('./toast-library');
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

/** The same toast asked for again within 390 ms is suppressed: one click, one toast. */
const SUPPRESS_MS = 390;
const lastShown = new Map<string, number>();

/** For tests: forget the suppression window, so one test's toast never hides the same text in the next test. */
export function resetToastSuppressionForTesting(): void {
  lastShown.clear();
}

function show(kind: Kind, message: ReactNode): void {
  if (typeof message === 'string') {
    const key = `${kind}:${message}`;
    const now = Date.now();
    if (now - (lastShown.get(key) ?? -Infinity) < SUPPRESS_MS) return;
    lastShown.set(key, now);
  }
  const shownAt = Date.now();
  loadToasts().then(
    ({ toast }) => shown.set(toast[kind](message), shownAt),
    (error: unknown) => console.warn('Toasts are unavailable:', error),
  );
}

/** Toasts on screen (react-toastify id -> when asked for), so a navigation can clear the older ones. */
const shown = new Map<string | number, number>();

/** A toast asked for this recently announces the navigation itself ("Team created") and stays. */
const KEEP_ON_NAVIGATION_MS = 1000;

/** Clears the toasts of the page being left; those asked for within the last second stay. */
export function clearToastsOnNavigation(): void {
  if (!library || shown.size === 0) return;
  const before = Date.now() - KEEP_ON_NAVIGATION_MS;
  void library.then(({ toast }) => {
    for (const [id, at] of shown) {
      if (at >= before) continue;
      shown.delete(id);
      toast.dismiss(id);
    }
  });
}

export const notify = {
  success: (message: string) => show('success', message),
  /** A node, so a server's HTML message can be shown through `SafeHtml`. */
  info: (message: ReactNode) => show('info', message),
  warning: (message: string) => show('warning', message),
  error: (message: string) => show('error', message),
};
