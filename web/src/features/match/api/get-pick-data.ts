import type { PickData } from '@versus/common/realtime';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { DataEnvelope } from '@/types/api';
import { matchKeys } from './match-keys';

export async function getPickData(matchId: number): Promise<PickData> {
  const response = await apiClient.get<DataEnvelope<PickData>>(`/api/v1/pug/${matchId}/users`);
  return response.data.data;
}

/** The Player Picker's data; `OnMatchPlayerPickerUpdate` replaces it with the broadcast copy. */
export function usePickData(matchId: number, enabled: boolean) {
  return useQuery(
    queryOptions({ queryKey: matchKeys.pick(matchId), queryFn: () => getPickData(matchId), enabled }),
  );
}
