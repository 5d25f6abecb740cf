import type { MatchLocation, MatchLocations } from '@versus/common/api/locations';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { errorMessage } from '@/lib/api-error';
import { notify } from '@/lib/notify';
import { matchKeys } from './match-keys';

export type { MatchLocation };
export type LocationList = MatchLocations;

export async function getLocations(matchId: number): Promise<LocationList> {
  const response = await apiClient.get<LocationList>(`/api/v1/match-detail/location/${matchId}`);
  return response.data;
}

export async function voteLocation(matchId: number, locationId: number): Promise<void> {
  await apiClient.post(`/api/v1/match-detail/location/${matchId}/${locationId}/select`);
}

/**
 * What this browser measured to each offered location (whole ms, capped at 10 s): the server breaks an
 * empty or tied vote by the lowest median ping. Failures are silent (the vote still works without).
 */
export async function sendPings(matchId: number, pings: { locationId: number; ms: number }[]): Promise<void> {
  if (pings.length === 0) return;
  await apiClient.post(`/api/v1/match-detail/location/${matchId}/pings`, { pings });
}

/** The Location Voting modal's list; the vote and countdown broadcasts patch it in the cache. */
export function useLocations(matchId: number, enabled: boolean) {
  return useQuery(
    queryOptions({ queryKey: matchKeys.locations(matchId), queryFn: () => getLocations(matchId), enabled }),
  );
}

/** Votes for a location with the spec's toasts. */
export function useVoteLocation(matchId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (locationId: number) => voteLocation(matchId, locationId),
    onSuccess: () => notify.success('Location was selected successfully!'),
    onError: (error) => notify.error(`An error has occurred: ${errorMessage(error)}`),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: matchKeys.locations(matchId) }),
  });
}
