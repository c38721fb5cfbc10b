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
} from '../../../../common/conversations/messages';
import type { ConversationSign } from '../../../../common/moderation/screening';
import type { MessageReportInput } from '../../../../common/moderation/reports';
import { apiRequest } from '../../lib/api';
import { invalidateAll, messagesKeys, staleAfter } from '../../lib/query-keys';

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

/**
 * Short facts about the member who opened this conversation, for the one they wrote to (empty
 * for the member who opened it).
 */
export function useConversationSigns(starterId: number, withId: string | null) {
  return useQuery({
    queryKey: messagesKeys.signs(starterId, withId ?? ''),
    queryFn: ({ signal }) =>
      apiRequest<{ signs: ConversationSign[] }>(
        `/api/messages/starter/${starterId}/signs?with=${encodeURIComponent(withId ?? '')}`,
        { signal },
      ),
    enabled: !!withId,
    staleTime: 5 * 60 * 1000,
  });
}

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
 * POST /api/messages/starter/:starterId/read: the other side's messages in this thread, up to
 * the newest one shown (`upTo`), are read. The thread shows them read at once; the badge and
 * the list reload.
 */
export function useMarkThreadRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      starterId,
      withId,
      upTo,
    }: {
      starterId: number;
      withId: string;
      upTo: number;
    }) =>
      apiRequest<void>(`/api/messages/starter/${starterId}/read`, {
        method: 'POST',
        body: { with: withId, upTo },
      }),
    onSuccess: (_data, { starterId, withId, upTo }) => {
      const markRead = (old: Message[] | undefined) =>
        old?.map((m) =>
          m.senderId === withId && !m.isRead && m.id <= upTo ? { ...m, isRead: true } : m,
        );
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
    mutationFn: ({
      photos = [],
      key,
      ...input
    }: SendMessageInput & { photos?: File[]; key?: string }) => {
      // An offline outbox's key: the same message retried is stored once.
      const headers = key ? { 'Idempotency-Key': key } : undefined;
      if (photos.length === 0) {
        return apiRequest<Message>('/api/messages', { method: 'POST', body: input, headers });
      }
      // With photos the message goes as a form: its fields, then one `image` part per photo.
      const form = new FormData();
      form.append('starterId', String(input.starterId));
      form.append('receiverId', input.receiverId);
      form.append('content', input.content ?? '');
      for (const photo of photos) form.append('image', photo);
      return apiRequest<Message>('/api/messages', { method: 'POST', body: form, headers });
    },
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

/** POST /api/messages/starter/:starterId/nudge: 429 (with the server's words) within a day. */
export function useNudge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ starterId, withId }: { starterId: number; withId: string }) =>
      apiRequest<{ id: number; createdAt: string }>(`/api/messages/starter/${starterId}/nudge`, {
        method: 'POST',
        body: { with: withId },
      }),
    // Nudged: the conversation offers no other nudge for a day (its `mayNudge`).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messagesKeys.conversations }),
  });
}

/** POST /api/messages/:id/report; the moderation dashboard, if cached, reloads. */
export function useReportMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ messageId, ...body }: MessageReportInput & { messageId: number }) =>
      apiRequest<void>(`/api/messages/${messageId}/report`, { method: 'POST', body }),
    onSuccess: () => invalidateAll(queryClient, staleAfter.report),
  });
}
