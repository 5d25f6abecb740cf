import { Link } from 'react-router';
import type { QueueEntry } from '@versus/common/api/solo-queue';
import { formatQueueClock } from '@versus/common/queue/pop';
import { errorMessage } from '@/lib/api-error';
import { notify } from '@/lib/notify';
import { useLeaveQueue } from '../api/leave-queue';
import { useServerNow } from '../hooks/use-clock';
import { QUEUE_TEXTS } from '../utils/queue-texts';

interface QueueIndicatorProps {
  entry: QueueEntry;
  offsetMs: number;
}

/** The header's "In queue 2:13" (time since joining, ticking; a link to the queue page) with Leave. */
export function QueueIndicator({ entry, offsetMs }: QueueIndicatorProps) {
  const now = useServerNow(offsetMs);
  const leave = useLeaveQueue();
  const elapsed = formatQueueClock(now - Date.parse(entry.joinedAt));

  const handleLeave = () =>
    leave.mutate(entry.queueId, {
      onSuccess: (message) => notify.success(message),
      onError: (err) => notify.error(errorMessage(err)),
    });

  return (
    <div className="queue-indicator" data-testid="queue-indicator">
      <Link
        className="queue-indicator-link"
        to="/queue"
        title={`${entry.queueName}: number ${String(entry.position)} in line`}
      >
        <span className="queue-indicator-dot" aria-hidden="true" />
        <span className="queue-indicator-label">{QUEUE_TEXTS.inQueue}</span>{' '}
        <time className="queue-indicator-time" dateTime={entry.joinedAt}>
          {elapsed}
        </time>
      </Link>
      <button
        type="button"
        className="queue-indicator-leave"
        onClick={handleLeave}
        disabled={leave.isPending}
        aria-label={QUEUE_TEXTS.leaveLabel}
        title={QUEUE_TEXTS.leaveLabel}
      >
        <span className="queue-indicator-leave-text">{QUEUE_TEXTS.leave}</span>
        <span className="queue-indicator-leave-icon" aria-hidden="true">
          ×
        </span>
      </button>
    </div>
  );
}
