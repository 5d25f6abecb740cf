import { useId, useState } from 'react';
import type { SoloQueuePop } from '@versus/common/api/solo-queue';
import { Modal } from '@/components/ui/modal';
import { errorMessage } from '@/lib/api-error';
import { useAcceptPop } from '../api/accept-pop';
import { useDeclinePop } from '../api/decline-pop';
import { useServerNow } from '../hooks/use-clock';
import { usePopAlert } from '../hooks/use-pop-alert';
import { acceptedText, QUEUE_TEXTS } from '../utils/queue-texts';

interface QueuePopDialogProps {
  pop: SoloQueuePop;
  /** Server clock minus this browser's (ms), so the countdown ends when the server's does. */
  offsetMs: number;
}

/** Does nothing: the ready check cannot be dismissed, only accepted or declined. */
const stay = () => undefined;

/**
 * "Match found": the ready check of a full queue, over whatever page the player is on. A countdown of the
 * seconds left, how many of the players accepted (a seat each), Accept and Decline. Escape and the backdrop
 * do not close it. `data-sound` tells how the chime went (browser tests read it).
 */
export function QueuePopDialog({ pop, offsetMs }: QueuePopDialogProps) {
  const countdownId = useId();
  const now = useServerNow(offsetMs);
  // The page's clock ticks four times a second: never show more than the whole ready check.
  const left = Math.min(pop.seconds, Math.max(0, Math.ceil((Date.parse(pop.deadline) - now) / 1000)));
  const sound = usePopAlert(pop.id);
  const accept = useAcceptPop();
  const decline = useDeclinePop();
  const [error, setError] = useState<string | null>(null);
  const busy = accept.isPending || decline.isPending;

  const handleAccept = () => {
    setError(null);
    accept.mutate(pop.id, { onError: (err) => setError(errorMessage(err)) });
  };
  const handleDecline = () => {
    setError(null);
    decline.mutate(pop.id, { onError: (err) => setError(errorMessage(err)) });
  };

  return (
    <Modal
      title={QUEUE_TEXTS.popTitle}
      role="alertdialog"
      onClose={stay}
      className="queue-pop"
      describedBy={countdownId}
    >
      <div className="queue-pop-body" data-testid="queue-pop" data-pop-id={pop.id} data-sound={sound}>
        <p className="queue-pop-queue">{pop.queueName}</p>
        <p className="queue-pop-countdown" id={countdownId}>
          <span className="queue-pop-seconds" data-testid="queue-pop-seconds">
            {left}
          </span>{' '}
          {QUEUE_TEXTS.secondsLeft}
        </p>
        <progress className="queue-pop-progress" max={pop.seconds} value={left} aria-hidden="true" />
        <p className="queue-pop-accepted" aria-live="polite" data-testid="queue-pop-accepted">
          {acceptedText(pop.acceptedCount, pop.playersNeeded)}
        </p>
        <ol className="queue-pop-seats" aria-hidden="true">
          {Array.from({ length: pop.playersNeeded }, (_, i) => (
            <li
              key={i}
              className={i < pop.acceptedCount ? 'queue-pop-seat queue-pop-seat-in' : 'queue-pop-seat'}
            />
          ))}
        </ol>
        {error && (
          <p className="field-error queue-pop-error" role="alert">
            {error}
          </p>
        )}
        <div className="queue-pop-actions">
          <button
            type="button"
            className={
              pop.accepted
                ? 'button queue-pop-accept queue-pop-accept-done'
                : 'button button-primary queue-pop-accept'
            }
            onClick={handleAccept}
            disabled={pop.accepted || busy || left === 0}
          >
            {pop.accepted ? QUEUE_TEXTS.accepted : QUEUE_TEXTS.accept}
          </button>
          {!pop.accepted && (
            <button
              type="button"
              className="button button-ghost queue-pop-decline"
              onClick={handleDecline}
              disabled={busy}
            >
              {QUEUE_TEXTS.decline}
            </button>
          )}
        </div>
      </div>
    </Modal>
  );
}
