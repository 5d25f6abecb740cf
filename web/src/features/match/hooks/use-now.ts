import { useEffect, useState } from 'react';

/** Unix seconds, re-rendered every `intervalMs` while `enabled` (the veto countdown ticks each second). */
export function useNowSeconds(enabled: boolean, intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now() / 1000);
  useEffect(() => {
    if (!enabled) return;
    const tick = () => setNow(Date.now() / 1000);
    // At once (the clock may be stale from before the countdown started), then every interval.
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, intervalMs);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [enabled, intervalMs]);
  return now;
}
