import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { DataEnvelope } from '@/types/api';
import type {
  FpsLeaderboard,
  LeaderboardOptions,
  RatingLeaderboard,
  TeamLeaderboard,
} from '@versus/common/api/leaderboards';
import type { LeaderboardList } from '@versus/common/stats/leaderboards';

/** The filters of a list as the API reads them (absent ones left out). */
export interface LeaderboardFilters {
  game?: string;
  competition?: string;
  season?: string;
  country?: string;
  /** The FPS list only. */
  minMatches?: string;
  page: number;
}

export type LeaderboardAnswer =
  | { list: 'rating'; board: RatingLeaderboard }
  | { list: 'fps'; board: FpsLeaderboard }
  | { list: 'teams'; board: TeamLeaderboard };

const PATHS: Record<LeaderboardList, string> = {
  rating: '/api/v1/leaderboards/players/rating',
  fps: '/api/v1/leaderboards/players/fps',
  teams: '/api/v1/leaderboards/teams',
};

export const leaderboardKeys = {
  all: ['leaderboards'] as const,
  options: () => [...leaderboardKeys.all, 'options'] as const,
  list: (list: LeaderboardList, filters: LeaderboardFilters) =>
    [...leaderboardKeys.all, list, filters] as const,
};

export async function getLeaderboard(
  list: LeaderboardList,
  filters: LeaderboardFilters,
): Promise<LeaderboardAnswer> {
  const params = Object.fromEntries(
    Object.entries(filters).filter(([, value]) => value !== undefined && value !== ''),
  );
  if (list === 'teams') {
    const { country: _country, minMatches: _minMatches, ...teamParams } = params;
    const response = await apiClient.get<TeamLeaderboard>(PATHS.teams, { params: teamParams });
    return { list, board: response.data };
  }
  if (list === 'fps') {
    const response = await apiClient.get<FpsLeaderboard>(PATHS.fps, { params });
    return { list, board: response.data };
  }
  const { minMatches: _minMatches, ...ratingParams } = params;
  const response = await apiClient.get<RatingLeaderboard>(PATHS.rating, { params: ratingParams });
  return { list, board: response.data };
}

/** One page of a leaderboard; the previous page stays on screen while the next one loads. */
export function useLeaderboard(list: LeaderboardList, filters: LeaderboardFilters) {
  return useQuery({
    queryKey: leaderboardKeys.list(list, filters),
    queryFn: () => getLeaderboard(list, filters),
    placeholderData: keepPreviousData,
  });
}

/** What the filters offer: games with their competitions and seasons, the players' countries. */
export function useLeaderboardOptions() {
  return useQuery({
    queryKey: leaderboardKeys.options(),
    queryFn: async () =>
      (await apiClient.get<DataEnvelope<LeaderboardOptions>>('/api/v1/leaderboards')).data.data,
    staleTime: 60_000,
  });
}
