import { useEffect, useState } from 'react';

/** Milliseconds of one `GET {hostname}/ping`, or null when it failed (docs/match-room.md, "Location vote"). */
export async function measurePing(hostname: string): Promise<number | null> {
  const started = performance.now();
  try {
    const response = await fetch(`${hostname.replace(/\/$/, '')}/ping`, { cache: 'no-store', mode: 'cors' });
    return response.ok ? performance.now() - started : null;
  } catch {
    return null;
  }
}

/**
 * Pings each hostname from the browser at once and every `intervalMs` (5 s) while mounted; a hostname is
 * missing from the answer until its first measurement ends ("Measuring ping...").
 */
export function usePings(hostnames: readonly string[], intervalMs = 5000): Record<string, number | null> {
  const [pings, setPings] = useState<Record<string, number | null>>({});
  const key = hostnames.join('\n');
  useEffect(() => {
    const hosts = key === '' ? [] : key.split('\n');
    let cancelled = false;
    const measureAll = () => {
      for (const host of hosts) {
        void measurePing(host).then((ms) => {
          if (!cancelled) setPings((previous) => ({ ...previous, [host]: ms }));
        });
      }
    };
    measureAll();
    const timer = setInterval(measureAll, intervalMs);
    return () => {
      cancelled = true;
      clearInterval(timer);
    };
  }, [key, intervalMs]);
  return pings;
}
