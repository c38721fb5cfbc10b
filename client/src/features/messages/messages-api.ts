import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  Conversation,
  Message,
  SendMessageInput,
  UnreadCount,
} from '../../../../common/messages';
import type { Starter } from '../../../../common/starters';
import { apiRequest } from '../../lib/api';

/** Every messaging query sits under one root, so a live event can refresh them all at once. */
export const messagesKeys = {
  all: ['messages'] as const,
  conversations: ['messages', 'conversations'] as const,
  unread: ['messages', 'unread'] as const,
  threads: ['messages', 'thread'] as const,
  thread: (starterId: number, withId: string | null) =>
    ['messages', 'thread', starterId, withId] as const,
};

/** Read state changed on the server: the badge and the list follow. */
export function refreshReadState(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: messagesKeys.conversations });
  void queryClient.invalidateQueries({ queryKey: messagesKeys.unread });
}

export function useConversations(enabled = true) {
  return useQuery<Conversation[]>({
    queryKey: messagesKeys.conversations,
    queryFn: ({ signal }) => apiRequest<Conversation[]>('/api/conversations', { signal }),
    enabled,
  });
}

export function useUnreadCount(enabled = true) {
  return useQuery<UnreadCount>({
    queryKey: messagesKeys.unread,
    queryFn: ({ signal }) => apiRequest<UnreadCount>('/api/messages/unread-count', { signal }),
    enabled,
  });
}

function hasUnread(queryClient: QueryClient, starterId: number, withId: string | null): boolean {
  const total = queryClient.getQueryData<UnreadCount>(messagesKeys.unread);
  const list = queryClient.getQueryData<Conversation[]>(messagesKeys.conversations);
  if (!total || !list) return true;
  if (total.count === 0) return false;
  return list.some(
    (c) => c.starterId === starterId && (!withId || c.otherUser.id === withId) && c.unreadCount > 0,
  );
}

/** One thread in time order. Fetching it marks the other side's messages read. */
export function useThread(starterId: number | null, withId: string | null) {
  const queryClient = useQueryClient();
  return useQuery<Message[]>({
    queryKey: messagesKeys.thread(starterId ?? 0, withId),
    enabled: starterId !== null,
    queryFn: async ({ signal }) => {
      const query = withId ? `?with=${encodeURIComponent(withId)}` : '';
      const unreadBefore = hasUnread(queryClient, starterId!, withId);
      const messages = await apiRequest<Message[]>(`/api/messages/starter/${starterId}${query}`, {
        signal,
      });
      if (unreadBefore) refreshReadState(queryClient);
      return messages;
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
        queryKey: [...messagesKeys.threads, message.starterId],
      });
    },
  });
}

/**
 * The starter a thread is about, for a thread not in the conversation list yet (a new one opened
 * by URL). Kept outside `messagesKeys.all`: live events need not refetch it.
 */
export function useThreadStarter(starterId: number, enabled: boolean) {
  return useQuery<Starter>({
    queryKey: ['messages-starter', starterId],
    queryFn: ({ signal }) => apiRequest<Starter>(`/api/starters/${starterId}`, { signal }),
    enabled,
  });
}
