import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { DataEnvelope } from '@/types/api';
import type { ChatMessage, ChatMessages } from '@versus/common/api/chat';
import { matchKeys } from './match-keys';

export async function getChatMessages(matchId: number): Promise<ChatMessage[]> {
  const response = await apiClient.get<ChatMessages>(`/api/v1/chat/${matchId}`);
  return response.data.data;
}

export async function sendChatMessage(matchId: number, message: string): Promise<ChatMessage> {
  const response = await apiClient.post<DataEnvelope<ChatMessage>>('/api/v1/chat', { message, id: matchId });
  return response.data.data;
}

/** Oldest first (the list shows the newest at the bottom), whatever order the server sent. */
function byAge(messages: ChatMessage[]): ChatMessage[] {
  return [...messages].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id);
}

/** Adds a message to the cached list once (the send answer and a broadcast may both carry it). */
export function addChatMessage(queryClient: QueryClient, matchId: number, message: ChatMessage): void {
  queryClient.setQueryData<ChatMessage[]>(matchKeys.chat(matchId), (list) =>
    list?.some((m) => m.id === message.id) ? list : byAge([...(list ?? []), message]),
  );
}

/** The chat history, only fetched for signed-in viewers (the server answers 401 otherwise). */
export function useChatMessages(matchId: number, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: matchKeys.chat(matchId),
      queryFn: async () => byAge(await getChatMessages(matchId)),
      enabled,
    }),
  );
}

/** Sends a message; a failure stops the spinner, and the chat panel says why under its input (no toast). */
export function useSendChatMessage(matchId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => sendChatMessage(matchId, message),
    onSuccess: (message) => addChatMessage(queryClient, matchId, message),
  });
}
