import { matchDetailAddSubChannel } from '@versus/common/realtime';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useChannelEvent } from '@/hooks/use-echo';
import { matchKeys } from '../../api/match-keys';
import { useSubAccess } from '../../api/subs';

// Loaded when opened.
const AddSubModal = lazy(async () => ({ default: (await import('./add-sub-modal')).AddSubModal }));

/** The Add Sub button (showButton) and modal; `OnMatchDetailSubAdd` refetches the candidates and rosters. */
export function AddSub({ matchId, signedIn }: { matchId: number; signedIn: boolean }) {
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const access = useSubAccess(matchId, signedIn);
  useChannelEvent(
    matchDetailAddSubChannel(matchId),
    'OnMatchDetailSubAdd',
    () => {
      for (const queryKey of [
        matchKeys.subs(matchId),
        matchKeys.players(matchId),
        matchKeys.detail(matchId),
      ]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
    { refetch: [matchKeys.subs(matchId), matchKeys.players(matchId)] },
  );
  if (!access.data?.showButton) return null;
  return (
    <>
      <button type="button" className="button button-ghost" onClick={() => setOpen(true)}>
        Add Sub
      </button>
      {open && (
        <Suspense fallback={null}>
          <AddSubModal matchId={matchId} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
