import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { DataEnvelope } from '@/types/api';
import type { ScoreForm } from '@versus/common/api/scores';
import { ticketKeys } from './get-ticket';

/** The match's played maps with the scores entered so far, for the admin's final score. */
export async function getScoreSheet(matchId: number): Promise<ScoreForm> {
  return (await apiClient.get<DataEnvelope<ScoreForm>>(`/api/v1/match-detail/score/form/${matchId}`)).data
    .data;
}

export const scoreSheetQueryOptions = (matchId: number) =>
  queryOptions({ queryKey: ticketKeys.sheet(matchId), queryFn: () => getScoreSheet(matchId) });

export function useScoreSheet(matchId: number, enabled: boolean) {
  return useQuery({ ...scoreSheetQueryOptions(matchId), enabled });
}
