import { useActiveMatches } from '../api/get-active-matches';

/** The header badge: how many matches the user is playing (`userActiveMatchesCount`). */
export function useActiveMatchesCount(enabled: boolean): number {
  return useActiveMatches(1, enabled).data?.userActiveMatchesCount ?? 0;
}
