import { FormError } from '@/components/ui/form-error';
import { notify } from '@/lib/notify';
import { useSoloQueues } from '../api/get-solo-queues';
import { useJoinQueue } from '../api/join-queue';
import { useLeaveQueue } from '../api/leave-queue';
import { useQueueSizeLive } from '../hooks/use-queue-live';
import type { SoloQueue } from '@versus/common/api/solo-queue';

interface QueueCardProps {
  queue: SoloQueue;
  signedIn: boolean;
}

function QueueCard({ queue, signedIn }: QueueCardProps) {
  const live = useQueueSizeLive(queue.id);
  const join = useJoinQueue();
  const leave = useLeaveQueue();
  const busy = join.isPending || leave.isPending;

  const handleJoin = () =>
    join.mutate(queue.id, {
      onSuccess: ({ message, popId }) => {
        // A full queue opens the "Match found" dialog (in the header, on every page): a toast would repeat it.
        if (popId === null) notify.success(message);
      },
    });
  const handleLeave = () => leave.mutate(queue.id, { onSuccess: (message) => notify.success(message) });
  // A refusal (a cooldown after a declined match, a match still in play) stays on the card that refused it.
  const refusal = join.error ?? leave.error;

  return (
    <li className="card queue-card" data-live={live}>
      <h2 className="section-title">{queue.name}</h2>
      <p className="muted">
        {queue.teamSize}v{queue.teamSize} · best of {queue.bestOf} ·{' '}
        {queue.teamFormation === 'balanced' ? 'balanced teams' : "captains' draft"}
      </p>
      <p className="queue-count" aria-live="polite">
        <strong data-testid={`queue-count-${queue.id}`}>{queue.queuedCount}</strong> of {queue.playersNeeded}{' '}
        players waiting
      </p>
      {queue.inQueue && <p className="status-badge">You are in this queue</p>}
      <FormError error={refusal} />
      {signedIn &&
        (queue.inQueue ? (
          <button
            type="button"
            className="button button-ghost"
            onClick={handleLeave}
            disabled={busy}
            aria-label={`Leave ${queue.name}`}
          >
            Leave queue
          </button>
        ) : (
          <button
            type="button"
            className="button button-primary"
            onClick={handleJoin}
            disabled={busy}
            aria-label={`Join ${queue.name}`}
          >
            Join queue
          </button>
        ))}
    </li>
  );
}

/**
 * `/queue`: the solo-queues with live counts. A full queue's ready check, and the way to the match room,
 * live in the header (`QueueStatus`), so they reach the player on every page.
 */
export function QueuePage({ userId }: { userId: number | null }) {
  const query = useSoloQueues();

  return (
    <section>
      <h1>Solo queue</h1>
      <p className="muted">
        Join alone; when enough players wait, everyone gets 30 seconds to accept the match, then captains pick
        the teams in the match room.
      </p>
      {userId === null && <p>Sign in to join a queue.</p>}
      {query.isPending ? (
        <p className="muted">Loading ...</p>
      ) : query.isError ? (
        <p>The queues could not be loaded.</p>
      ) : query.data.length === 0 ? (
        <p className="muted">There are no queues right now.</p>
      ) : (
        <ul className="card-list">
          {query.data.map((queue) => (
            <QueueCard key={queue.id} queue={queue} signedIn={userId !== null} />
          ))}
        </ul>
      )}
    </section>
  );
}
