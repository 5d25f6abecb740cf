import { matchDetailDisputedChannel } from '@versus/common/realtime';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { useChannelEvent } from '@/hooks/use-echo';
import { notify } from '@/lib/notify';
import { isDisputingHere, useCanDispute } from '../../api/dispute';
import { matchKeys } from '../../api/match-keys';

// Loaded when opened.
const DisputeModal = lazy(async () => ({ default: (await import('./dispute-modal')).DisputeModal }));

/**
 * "See dispute" (a ticket exists) or "New Dispute" (canDispute). A dispute opened elsewhere arrives as
 * `OnMatchDetailDisputed`: its message as a warning (not in the tab that opened it), then a recheck.
 */
export function DisputeControl({ matchId, signedIn }: { matchId: number; signedIn: boolean }) {
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const eligibility = useCanDispute(matchId, signedIn);
  useChannelEvent(
    matchDetailDisputedChannel(matchId),
    'OnMatchDetailDisputed',
    ({ message }) => {
      // The player who opened it already saw the success message: no second warning for them.
      if (!isDisputingHere(matchId)) notify.warning(message);
      void queryClient.invalidateQueries({ queryKey: matchKeys.canDispute(matchId) });
    },
    { refetch: [matchKeys.canDispute(matchId)] },
  );
  const data = eligibility.data;
  if (!data) return null;
  if (data.ticket) {
    return (
      <Link className="button button-ghost" to={`/ticket/${data.ticket.id}`}>
        See dispute
      </Link>
    );
  }
  if (!data.canDispute) return null;
  return (
    <>
      <button type="button" className="button button-danger" onClick={() => setOpen(true)}>
        New Dispute
      </button>
      {open && (
        <Suspense fallback={null}>
          <DisputeModal matchId={matchId} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
