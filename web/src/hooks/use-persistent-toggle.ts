import { useCallback, useState } from 'react';

// Stored as the strings 'true' / 'false'; '1' is read as open too, for values written by older clients.
function read(key: string): boolean {
  try {
    const value = localStorage.getItem(key);
    return value === 'true' || value === '1';
  } catch {
    // Storage can be disabled (private mode, blocked cookies): fall back to closed.
    return false;
  }
}

function write(key: string, open: boolean): void {
  try {
    localStorage.setItem(key, String(open));
  } catch {
    // Not persisting is acceptable; the toggle still works for this page view.
  }
}

/** An open/closed flag kept in localStorage under `key` and restored on load. */
export function usePersistentToggle(key: string): [open: boolean, toggle: () => void, close: () => void] {
  const [open, setOpen] = useState(() => read(key));
  const set = useCallback(
    (next: boolean) => {
      write(key, next);
      setOpen(next);
    },
    [key],
  );
  const toggle = useCallback(() => set(!open), [open, set]);
  const close = useCallback(() => set(false), [set]);
  return [open, toggle, close];
}
