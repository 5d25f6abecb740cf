import { useSyncExternalStore } from 'react';

/** One ticker for every clock on the page (the header's "In queue", the ready check's countdown). */
const TICK_MS = 250;
let snapshot = Date.now();
let timer: ReturnType<typeof setInterval> | null = null;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (timer === null) {
    snapshot = Date.now();
    timer = setInterval(() => {
      snapshot = Date.now();
      for (const notify of listeners) notify();
    }, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== null) {
      clearInterval(timer);
      timer = null;
    }
  };
}

const read = () => snapshot;

/**
 * The server's time now (epoch ms): this browser's clock, read four times a second, plus the `offsetMs`
 * measured when the status arrived. Re-renders on each tick.
 */
export function useServerNow(offsetMs: number): number {
  return useSyncExternalStore(subscribe, read) + offsetMs;
}
