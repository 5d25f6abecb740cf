import { useQueryClient } from '@tanstack/react-query';
import { tournamentChannel } from '@versus/common/realtime';
import { useChannelEvent } from '@/hooks/use-echo';
import { tournamentKeys } from '@/lib/tournaments/tournament-keys';

/** Refetches the tournament page on `OnTournamentUpdate` (public `tournament.{id}`): the bracket fills live. */
export function useTournamentLive(tournamentId: number | null, slug: string): boolean {
  const queryClient = useQueryClient();
  return useChannelEvent(
    tournamentId === null ? null : tournamentChannel(tournamentId),
    'OnTournamentUpdate',
    () => void queryClient.invalidateQueries({ queryKey: tournamentKeys.page(slug) }),
    { kind: 'public', refetch: [tournamentKeys.page(slug)] },
  );
}
