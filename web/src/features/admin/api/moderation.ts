// The moderation queue for admins: reports by status and page, acting on one, bans in force, the audit log.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Ban, ModerationAction, Report } from '@versus/common/api/moderation';
import type { PageLinks, PageMeta } from '@versus/common/api/pagination';
import { apiClient } from '@/lib/api-client';
import type { DataEnvelope } from '@/types/api';
import { adminKeys } from './admin-keys';

interface Paged<T> {
  data: T[];
  meta: PageMeta;
  links: PageLinks;
}

export type ReportFilter = 'open' | 'dismissed' | 'warned' | 'banned' | 'all';

export function useReports(status: ReportFilter, page: number) {
  return useQuery({
    queryKey: adminKeys.reports(status, page),
    queryFn: async () =>
      (await apiClient.get<Paged<Report>>(`/api/v1/admin/reports?status=${status}&page=${String(page)}`))
        .data,
    placeholderData: keepPreviousData,
  });
}

export function useBans() {
  return useQuery({
    queryKey: adminKeys.bans,
    queryFn: async () => (await apiClient.get<DataEnvelope<Ban[]>>('/api/v1/admin/bans')).data.data,
  });
}

export function useModerationLog(page: number) {
  return useQuery({
    queryKey: adminKeys.moderationLog(page),
    queryFn: async () =>
      (await apiClient.get<Paged<ModerationAction>>(`/api/v1/admin/moderation-log?page=${String(page)}`))
        .data,
    placeholderData: keepPreviousData,
  });
}

export type ReportAction =
  | { kind: 'dismiss'; note: string }
  | { kind: 'warn'; message: string }
  | { kind: 'ban'; reason: string; days: number | null };

/** Dismiss, warn or ban on one report; every moderation list is read again after. */
export function useActOnReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ reportId, action }: { reportId: number; action: ReportAction }) => {
      const url = `/api/v1/admin/reports/${String(reportId)}/${action.kind}`;
      const body =
        action.kind === 'dismiss'
          ? { note: action.note }
          : action.kind === 'warn'
            ? { message: action.message }
            : action.days === null
              ? { reason: action.reason, permanent: true }
              : { reason: action.reason, days: action.days };
      return (await apiClient.post<{ message: string; data: Report }>(url, body)).data;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.moderation }),
  });
}

export function useLiftBan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ banId, reason }: { banId: number; reason: string }) =>
      (
        await apiClient.post<{ message: string; data: Ban }>(`/api/v1/admin/bans/${String(banId)}/lift`, {
          reason,
        })
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.moderation }),
  });
}
