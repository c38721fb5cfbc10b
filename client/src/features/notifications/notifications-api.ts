import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { NotificationsPage } from '../../../../common/notifications/notifications';
import { apiRequest } from '../../lib/api';
import { notificationKeys } from '../../lib/query-keys';

const PAGE = 20;

export const notificationQueries = {
  /** Newest first; each further page starts before the last item shown. */
  list: () =>
    infiniteQueryOptions({
      queryKey: notificationKeys.list,
      initialPageParam: undefined as number | undefined,
      queryFn: ({ signal, pageParam }) =>
        apiRequest<NotificationsPage>(
          `/api/notifications?limit=${PAGE}${pageParam ? `&before=${pageParam}` : ''}`,
          { signal },
        ),
      getNextPageParam: (last) =>
        last.notifications.length === PAGE ? last.notifications.at(-1)!.id : undefined,
    }),
};

/** The list, page by page; `unread` is the first page's count (the newest answer). */
export function useNotifications() {
  return useInfiniteQuery(notificationQueries.list());
}

/** The bell's count: the newest item is enough to learn it. */
export function useUnreadNotifications() {
  return useQuery({
    queryKey: notificationKeys.unread,
    queryFn: ({ signal }) =>
      apiRequest<NotificationsPage>('/api/notifications?limit=1', { signal }),
    select: (page) => page.unread,
  });
}

export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) =>
      apiRequest<{ unread: number }>('/api/notifications/read', {
        method: 'POST',
        body: { ids },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
