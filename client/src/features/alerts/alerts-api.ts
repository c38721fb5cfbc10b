import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AlertList, CreateAlert, UpdateAlert } from '../../../../common/listings/alerts';
import { apiRequest } from '../../lib/api';
import { alertKeys } from '../../lib/query-keys';

/** The browser's own time zone: alerts push and mail only in the member's day there. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export function useMyAlerts(enabled = true) {
  return useQuery({
    queryKey: alertKeys.mine,
    queryFn: ({ signal }) => apiRequest<AlertList>('/api/alerts', { signal }),
    enabled,
  });
}

export function useAlertChanges() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: alertKeys.all });
  return {
    create: useMutation({
      mutationFn: (body: CreateAlert) =>
        apiRequest<{ id: number }>('/api/alerts', { method: 'POST', body }),
      onSuccess,
    }),
    update: useMutation({
      mutationFn: ({ id, ...body }: UpdateAlert & { id: number }) =>
        apiRequest(`/api/alerts/${id}`, { method: 'PATCH', body }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (id: number) => apiRequest(`/api/alerts/${id}`, { method: 'DELETE' }),
      onSuccess,
    }),
    timeZone: useMutation({
      mutationFn: (timeZone: string) =>
        apiRequest('/api/me/time-zone', { method: 'PUT', body: { timeZone } }),
      onSuccess,
    }),
  };
}
