import type { Screenshot, ScreenshotPage } from '@versus/common/api/screenshots';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { matchKeys } from './match-keys';

export type { Screenshot, ScreenshotPage };

export async function getScreenshots(matchId: number, page: number): Promise<ScreenshotPage> {
  const response = await apiClient.get<ScreenshotPage>(`/api/v1/screenshots/${matchId}?page=${page}`);
  return response.data;
}

/** One page of screenshots, asked when the modal is open. */
export function useScreenshots(matchId: number, page: number) {
  return useQuery(
    queryOptions({
      queryKey: matchKeys.screenshots(matchId, page),
      queryFn: () => getScreenshots(matchId, page),
      placeholderData: keepPreviousData,
    }),
  );
}
