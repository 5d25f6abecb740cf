// A player's report of another (from a profile or the match room).
import { useMutation } from '@tanstack/react-query';
import type { CreateReportBody, Report } from '@versus/common/api/moderation';
import { apiClient } from '@/lib/api-client';

export function useReportPlayer() {
  return useMutation({
    mutationFn: async (body: CreateReportBody) =>
      (await apiClient.post<{ message: string; data: Report }>('/api/v1/reports', body)).data,
  });
}
