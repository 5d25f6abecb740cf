// What the queue says to the player, in one place (the header indicator, the pop dialog, the toasts).
import type { QueueStatus, QueueStatusChange } from '@versus/common/api/solo-queue';
import { formatQueueClock } from '@versus/common/queue/pop';

export const QUEUE_TEXTS = {
  inQueue: 'In queue',
  leave: 'Leave',
  leaveLabel: 'Leave the queue',
  popTitle: 'Match found',
  accept: 'Accept',
  accepted: 'Accepted: waiting for the others',
  decline: 'Decline',
  secondsLeft: 'seconds left to accept',
  popNotification: 'Match found: accept it within 30 seconds',
  requeued: 'A player did not accept: you are back in the queue at your place.',
  declined: 'You declined the match and left the queue.',
  missed: 'You did not accept in time and left the queue.',
} as const;

/** "3 of 10 accepted" */
export function acceptedText(accepted: number, needed: number): string {
  return `${String(accepted)} of ${String(needed)} accepted`;
}

/** How long a cooldown still runs, for the toast: "; you can queue again in 2:00". */
function cooldownText(status: QueueStatus): string {
  if (!status.cooldownUntil) return '';
  return ` You can queue again in ${formatQueueClock(Date.parse(status.cooldownUntil) - Date.parse(status.now) + 999)}.`;
}

/** The toast a change of the player's queue status deserves, or null (joined, left, accepts, the match). */
export function changeToast(
  change: QueueStatusChange,
  status: QueueStatus,
): { kind: 'info' | 'warning'; message: string } | null {
  switch (change) {
    case 'pop-requeued':
      return { kind: 'info', message: QUEUE_TEXTS.requeued };
    case 'pop-declined':
      return { kind: 'warning', message: QUEUE_TEXTS.declined + cooldownText(status) };
    case 'pop-missed':
      return { kind: 'warning', message: QUEUE_TEXTS.missed + cooldownText(status) };
    case 'joined':
    case 'left':
    case 'pop-started':
    case 'pop-accepted':
    case 'matched':
      return null;
  }
}
