// A player's report of another (from a profile or the match room), and a banned player's appeal.
import { useMutation } from '@tanstack/react-query';
import type { CreateReportBody, Report } from '@versus/common/api/moderation';
import { apiClient } from '@/lib/api-client';

export function useReportPlayer() {
  return useMutation({
    mutationFn: async (body: CreateReportBody) =>
      (await apiClient.post<{ message: string; data: Report }>('/api/v1/reports', body)).data,
  });
}

/** A banned player's appeal of their ban in force. */
export function useAppealBan() {
  return useMutation({
    mutationFn: async (text: string) =>
      (
        await apiClient.post<{ message: string; data: { id: number } }>('/api/v1/users/me/ban/appeal', {
          text,
        })
      ).data,
  });
}
