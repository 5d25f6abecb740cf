// A captain's webhook for their team's matches (docs/webhooks.md): the team's endpoint, registering one,
// turning a paused one on again, removing it. The server checks captaincy; the team has one endpoint at most.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TeamWebhookBody, Webhook } from '@versus/common/api/webhooks';
import { apiClient } from '@/lib/api-client';
import type { DataEnvelope } from '@/types/api';

const key = (slug: string) => ['teams', slug, 'webhooks'] as const;
const path = (slug: string) => `/api/v1/teams/${encodeURIComponent(slug)}/webhooks`;

export function useTeamWebhooks(slug: string) {
  return useQuery({
    queryKey: key(slug),
    queryFn: async () => (await apiClient.get<DataEnvelope<Webhook[]>>(path(slug))).data.data,
  });
}

export function useCreateTeamWebhook(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TeamWebhookBody) =>
      (await apiClient.post<DataEnvelope<Webhook>>(path(slug), body)).data.data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key(slug) }),
  });
}

export function useRemoveTeamWebhook(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      (await apiClient.delete<{ message: string }>(`${path(slug)}/${id}`)).data.message,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key(slug) }),
  });
}

/** Turns the team's paused endpoint on again (the captain fixed the receiver). */
export function useResumeTeamWebhook(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      (await apiClient.post<DataEnvelope<Webhook>>(`${path(slug)}/${id}/resume`)).data.data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key(slug) }),
  });
}
