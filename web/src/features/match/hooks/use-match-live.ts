import {
  matchCancelledChannel,
  matchDetailUpdateChannel,
  matchMapVetoChannel,
} from '@versus/common/realtime';
import { useQueryClient } from '@tanstack/react-query';
import { useChannelEvent } from '@/hooks/use-echo';
import { matchKeys } from '../api/match-keys';

/** What the page does when the match is cancelled; a parameter so tests need not reload jsdom. */
export type ReloadPage = () => void;

/**
 * The match room's live updates (spec section 7): a veto move replaces the veto match, a detail update
 * refetches every widget, a cancellation reloads the page in every tab (the cancelling one too; its toast
 * comes back after the reload, see status-commands.ts). Returns true once all three channels are
 * subscribed, after which nothing that happens can be missed.
 */
export function useMatchLive(matchId: number, reload: ReloadPage): boolean {
  const queryClient = useQueryClient();
  const everything = [matchKeys.all(matchId)];

  const vetoLive = useChannelEvent(
    matchMapVetoChannel(matchId),
    'OnMatchMapChange',
    ({ match }) => queryClient.setQueryData(matchKeys.veto(matchId), match),
    { refetch: [matchKeys.veto(matchId)] },
  );
  const updateLive = useChannelEvent(
    matchDetailUpdateChannel(matchId),
    'MatchDetailUpdate',
    () => void queryClient.invalidateQueries({ queryKey: matchKeys.all(matchId) }),
    { refetch: everything },
  );
  const cancelLive = useChannelEvent(matchCancelledChannel(matchId), 'OnMatchCancelled', () => reload(), {
    refetch: everything,
  });
  return vetoLive && updateLive && cancelLive;
}
