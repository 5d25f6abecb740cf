import { matchPlayerPickerChannel } from '@versus/common/realtime';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Modal } from '@/components/ui/modal';
import { useChannelEvent } from '@/hooks/use-echo';
import { usePickData } from '../../api/get-pick-data';
import { matchKeys } from '../../api/match-keys';
import { STATUS } from '@versus/common/match/statuses';

// Its own chunk: only solo-queue matches in player select need it.
const PickBody = lazy(async () => ({ default: (await import('./pick-body')).PickBody }));
const loading = <p className="muted">Loading ...</p>;

/**
 * The Player Picker (status 10): opens by itself, can be closed and reopened, and disappears once the
 * match leaves status 10. Each pick arrives on `match-player-picker.{id}` with the new pick data.
 */
interface PickModalProps {
  matchId: number;
  statusId: number;
  /** The viewer; null when signed out. */
  userId: number | null;
}

export function PickModal({ matchId, statusId, userId }: PickModalProps) {
  const picking = statusId === STATUS.playerSelect;
  const [open, setOpen] = useState(true);
  const queryClient = useQueryClient();
  const pick = usePickData(matchId, picking);
  useChannelEvent(
    picking ? matchPlayerPickerChannel(matchId) : null,
    'OnMatchPlayerPickerUpdate',
    (payload) => {
      if (payload.pug) queryClient.setQueryData(matchKeys.pick(matchId), payload.pug);
      else void queryClient.invalidateQueries({ queryKey: matchKeys.pick(matchId) });
    },
    { refetch: [matchKeys.pick(matchId)] },
  );
  if (!picking) return null;
  return (
    <>
      <button type="button" className="button button-primary" onClick={() => setOpen(true)}>
        Player Picker
      </button>
      {open && (
        <Modal title="Player Picker" onClose={() => setOpen(false)} className="modal-wide">
          <Suspense fallback={loading}>
            {pick.data ? <PickBody matchId={matchId} pick={pick.data} userId={userId} /> : loading}
          </Suspense>
        </Modal>
      )}
    </>
  );
}
