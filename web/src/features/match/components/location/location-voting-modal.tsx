import { STATUS } from '@versus/common/match/statuses';
import {
  matchAutoLocationFinishUpdateChannel,
  matchAutoLocationPickerUpdateChannel,
  matchAutoLocationVoteUpdateChannel,
} from '@versus/common/realtime';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Modal } from '@/components/ui/modal';
import { useChannelEvent } from '@/hooks/use-echo';
import { useLocations, useVoteLocation, type LocationList, type MatchLocation } from '../../api/locations';
import { matchKeys } from '../../api/match-keys';

// Its own chunk: only matches in location select need it.
const VotingBody = lazy(async () => ({ default: (await import('./voting-body')).VotingBody }));
const loading = <p className="muted">Loading ...</p>;

/**
 * The Location Voting modal (status 11): opens by itself, and closes for good on the finish broadcast.
 * The countdown and each location's votes arrive by broadcast and patch the cached list. A refused vote is
 * said in the dialog, above the locations (and as the spec's "An error has occurred: ..." toast).
 */
export function LocationVoting({ matchId, statusId }: { matchId: number; statusId: number }) {
  const voting = statusId === STATUS.locationSelect;
  const [open, setOpen] = useState(true);
  const [finished, setFinished] = useState(false);
  const queryClient = useQueryClient();
  const locations = useLocations(matchId, voting);
  const vote = useVoteLocation(matchId);
  const key = matchKeys.locations(matchId);
  const patch = (update: (list: LocationList) => LocationList) =>
    queryClient.setQueryData<LocationList>(key, (list) => (list ? update(list) : list));
  const channel = (build: (id: number) => string) => (voting ? build(matchId) : null);

  useChannelEvent(
    channel(matchAutoLocationPickerUpdateChannel),
    'OnMatchAutoLocationPickerUpdate',
    ({ remainingSeconds }) => patch((list) => ({ ...list, meta: { ...list.meta, remainingSeconds } })),
    { refetch: [key] },
  );
  useChannelEvent(
    channel(matchAutoLocationVoteUpdateChannel),
    'OnMatchAutoLocationVoteUpdate',
    ({ id, votes }) =>
      patch((list) => ({ ...list, data: list.data.map((l) => (l.id === id ? { ...l, votes } : l)) })),
    { refetch: [key] },
  );
  useChannelEvent(channel(matchAutoLocationFinishUpdateChannel), 'OnMatchAutoLocationFinishUpdate', () =>
    setFinished(true),
  );

  if (!voting || finished) return null;
  const handleVote = (location: MatchLocation) => {
    if (!locations.data?.meta.canVote || vote.isPending) return;
    vote.mutate(location.id);
  };
  return (
    <>
      <button type="button" className="button button-primary" onClick={() => setOpen(true)}>
        Location Voting
      </button>
      {open && (
        <Modal title="Location Voting" onClose={() => setOpen(false)} className="modal-wide">
          <Suspense fallback={loading}>
            {locations.data ? (
              <VotingBody
                matchId={matchId}
                list={locations.data}
                onVote={handleVote}
                busy={vote.isPending}
                error={vote.error}
              />
            ) : (
              loading
            )}
          </Suspense>
        </Modal>
      )}
    </>
  );
}
