import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type {
  Conversation,
  Message,
  SendMessageInput,
  UnreadCount,
} from '../../../../common/messages';
import { apiRequest } from '../../lib/api';
import { messagesKeys } from '../../lib/query-keys';

/** Read state changed on the server: the badge and the list follow. */
export function refreshReadState(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: messagesKeys.conversations });
  void queryClient.invalidateQueries({ queryKey: messagesKeys.unread });
}

export const messagesQueries = {
  conversations: () =>
    queryOptions({
      queryKey: messagesKeys.conversations,
      queryFn: ({ signal }) => apiRequest<Conversation[]>('/api/conversations', { signal }),
    }),
  unread: () =>
    queryOptions({
      queryKey: messagesKeys.unread,
      queryFn: ({ signal }) => apiRequest<UnreadCount>('/api/messages/unread-count', { signal }),
    }),
  /** One thread in time order. Reading it changes nothing: marking read is its own call. */
  thread: (starterId: number, withId: string | null) =>
    queryOptions({
      queryKey: messagesKeys.thread(starterId, withId),
      queryFn: ({ signal }) => {
        const query = withId ? `?with=${encodeURIComponent(withId)}` : '';
        return apiRequest<Message[]>(`/api/messages/starter/${starterId}${query}`, { signal });
      },
    }),
};

export function useConversations(enabled = true) {
  return useQuery({ ...messagesQueries.conversations(), enabled });
}

export function useUnreadCount(enabled = true) {
  return useQuery({ ...messagesQueries.unread(), enabled });
}

export function useThread(starterId: number | null, withId: string | null) {
  return useQuery({
    ...messagesQueries.thread(starterId ?? 0, withId),
    enabled: starterId !== null,
  });
}

/**
 * POST /api/messages/starter/:starterId/read: the other side's messages in this thread are
 * read. The thread shows them read at once; the badge and the list reload.
 */
export function useMarkThreadRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ starterId, withId }: { starterId: number; withId: string }) =>
      apiRequest<void>(`/api/messages/starter/${starterId}/read`, {
        method: 'POST',
        body: { with: withId },
      }),
    onSuccess: (_data, { starterId, withId }) => {
      const markRead = (old: Message[] | undefined) =>
        old?.map((m) => (m.senderId === withId && !m.isRead ? { ...m, isRead: true } : m));
      queryClient.setQueriesData<Message[]>(
        { queryKey: messagesKeys.starterThreads(starterId) },
        markRead,
      );
      refreshReadState(queryClient);
    },
  });
}

/** POST /api/messages; the caller decides what to show on success or failure. */
export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SendMessageInput) =>
      apiRequest<Message>('/api/messages', { method: 'POST', body: input }),
    onSuccess: (message) => {
      const append = (old: Message[] | undefined) =>
        old && !old.some((m) => m.id === message.id) ? [...old, message] : old;
      queryClient.setQueryData<Message[]>(
        messagesKeys.thread(message.starterId, message.receiverId),
        append,
      );
      void queryClient.invalidateQueries({ queryKey: messagesKeys.conversations });
      void queryClient.invalidateQueries({
        queryKey: messagesKeys.starterThreads(message.starterId),
      });
    },
  });
}
