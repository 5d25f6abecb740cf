import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { DataEnvelope } from '@/types/api';
import type { UserProfile } from '@versus/common/api/users';
import { userKeys } from './user-keys';

export async function getUserProfile(username: string): Promise<UserProfile> {
  const response = await apiClient.get<DataEnvelope<UserProfile>>(
    `/api/v1/users/${encodeURIComponent(username)}`,
  );
  return response.data.data;
}

export const userProfileQueryOptions = (username: string) =>
  queryOptions({ queryKey: userKeys.profile(username), queryFn: () => getUserProfile(username) });

/** A player's public profile. */
export function useUserProfile(username: string) {
  return useQuery(userProfileQueryOptions(username));
}
