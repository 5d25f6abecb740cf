import { useNavigate } from 'react-router';
import { useQueueStatus } from '../api/get-queue-status';
import { useQueueStatusLive } from '../hooks/use-queue-status-live';
import { QueueIndicator } from './queue-indicator';
import { QueuePopDialog } from './queue-pop-dialog';

/**
 * The signed-in player's solo-queue, on every page (the header mounts it): "In queue 2:13" with Leave while
 * they wait, the "Match found" dialog during a pop, and the way to the match room once everyone accepted.
 * `data-queue-live`: browser tests wait for it, so no broadcast can be missed.
 */
export function QueueStatus({ userId }: { userId: number }) {
  const navigate = useNavigate();
  const { data: status } = useQueueStatus(true);
  const live = useQueueStatusLive(userId, (url) => void navigate(url));
  return (
    <div className="queue-status" data-queue-live={live}>
      {status?.entry && <QueueIndicator entry={status.entry} offsetMs={status.offsetMs} />}
      {status?.pop && <QueuePopDialog key={status.pop.id} pop={status.pop} offsetMs={status.offsetMs} />}
    </div>
  );
}
