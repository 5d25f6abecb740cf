import { matchLiveScoreChannel, type LiveScorePayload } from '@versus/common/realtime';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useChannelEvent } from '@/hooks/use-echo';
import { apiClient } from '@/lib/api-client';
import type { DataEnvelope } from '@/types/api';
import { matchKeys } from './match-keys';

export async function getLiveScore(matchId: number): Promise<LiveScorePayload> {
  return (await apiClient.get<DataEnvelope<LiveScorePayload>>(`/api/v1/match/${matchId}/live-score`)).data
    .data;
}

export const liveScoreQueryOptions = (matchId: number) =>
  queryOptions({ queryKey: matchKeys.liveScore(matchId), queryFn: () => getLiveScore(matchId) });

/** The log's round score per map: loaded once, then replaced by each `OnMatchLiveScore` event. */
export function useLiveScore(matchId: number, enabled: boolean) {
  const queryClient = useQueryClient();
  useChannelEvent(
    enabled ? matchLiveScoreChannel(matchId) : null,
    'OnMatchLiveScore',
    (payload) => queryClient.setQueryData(matchKeys.liveScore(matchId), payload),
    { refetch: [matchKeys.liveScore(matchId)] },
  );
  return useQuery({ ...liveScoreQueryOptions(matchId), enabled });
}
