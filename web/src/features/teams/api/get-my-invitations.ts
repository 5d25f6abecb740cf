import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { DataEnvelope } from '@/types/api';
import type { Invitation } from '@versus/common/api/teams';
import { teamKeys } from './team-keys';

export async function getMyInvitations(): Promise<Invitation[]> {
  return (await apiClient.get<DataEnvelope<Invitation[]>>('/api/v1/team-invitations')).data.data;
}

export const myInvitationsQueryOptions = () =>
  queryOptions({ queryKey: teamKeys.invitations, queryFn: getMyInvitations, staleTime: 0 });

/** The signed-in user's pending team invitations. */
export function useMyInvitations() {
  return useQuery(myInvitationsQueryOptions());
}
