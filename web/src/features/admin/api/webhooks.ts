// Outgoing webhooks for admins: the endpoints, one endpoint's delivery log, registering and "Send again".
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminWebhookBody, Webhook, WebhookDelivery } from '@versus/common/api/webhooks';
import { apiClient } from '@/lib/api-client';
import type { DataEnvelope } from '@/types/api';
import { adminKeys } from './admin-keys';

export function useWebhooks() {
  return useQuery({
    queryKey: adminKeys.webhooks,
    queryFn: async () => (await apiClient.get<DataEnvelope<Webhook[]>>('/api/v1/admin/webhooks')).data.data,
  });
}

export function useWebhookDeliveries(id: number) {
  return useQuery({
    queryKey: adminKeys.webhookDeliveries(id),
    queryFn: async () =>
      (await apiClient.get<DataEnvelope<WebhookDelivery[]>>(`/api/v1/admin/webhooks/${id}/deliveries`)).data
        .data,
  });
}

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: AdminWebhookBody) =>
      (await apiClient.post<DataEnvelope<Webhook>>('/api/v1/admin/webhooks', body)).data.data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.webhooks }),
  });
}

export function useSetWebhookEnabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, enabled }: { id: number; enabled: boolean }) =>
      (await apiClient.patch<DataEnvelope<Webhook>>(`/api/v1/admin/webhooks/${id}`, { enabled })).data.data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.webhooks }),
  });
}

/** "Send again": the same delivery (same id) owed once more. */
export function useResendDelivery(endpointId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      (
        await apiClient.post<DataEnvelope<WebhookDelivery>>(
          `/api/v1/admin/webhooks/deliveries/${id}/resend`,
          {},
        )
      ).data.data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.webhookDeliveries(endpointId) }),
  });
}
