import { useEffect, useState } from 'react';
import type { SoundResult } from '@/lib/turn-alerts';
import { QUEUE_TEXTS } from '../utils/queue-texts';

/** Pops this tab has alerted for, and how the sound went: one chime per pop, however often the dialog mounts. */
const alerted = new Map<number, Promise<SoundResult>>();

/**
 * Plays the "match found" alerts (the chime unless switched off in the settings, a browser notification
 * while the tab is in the background when switched on) once per pop, and says how the sound went:
 * 'pending' until the browser answered. While the pop is open the tab's title says "Match found!".
 */
export function usePopAlert(popId: number): SoundResult | 'pending' {
  const [sound, setSound] = useState<SoundResult | 'pending'>('pending');
  useEffect(() => {
    let current = true;
    let played = alerted.get(popId);
    if (!played) {
      // The alerts' code loads only when a pop comes: most page views never need it.
      played = import('@/lib/turn-alerts').then(({ alertQueuePop }) =>
        alertQueuePop(QUEUE_TEXTS.popNotification),
      );
      alerted.set(popId, played);
    }
    played.then(
      (result) => current && setSound(result),
      () => current && setSound('unsupported'),
    );
    return () => {
      current = false;
    };
  }, [popId]);

  useEffect(() => {
    const before = document.title;
    document.title = `${QUEUE_TEXTS.popTitle}! · ${before}`;
    return () => {
      document.title = before;
    };
  }, [popId]);
  return sound;
}
