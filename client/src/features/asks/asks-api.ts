import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Ask, AskList, CreateAskInput } from '../../../../common/listings/asks';
import type { Starter } from '../../../../common/listings/starters';
import { apiRequest } from '../../lib/api';
import { askKeys, starterKeys } from '../../lib/query-keys';

export function useAsks(params: Record<string, string>) {
  return useQuery({
    queryKey: askKeys.list(params),
    queryFn: ({ signal }) =>
      apiRequest<AskList>(`/api/asks?${new URLSearchParams(params).toString()}`, { signal }),
  });
}

export function useAsk(id: number) {
  return useQuery({
    queryKey: askKeys.detail(id),
    queryFn: ({ signal }) => apiRequest<Ask>(`/api/asks/${id}`, { signal }),
  });
}

/** The helper's own listings, to offer one ("I can help"). */
export function useMyListings(enabled: boolean) {
  return useQuery({
    queryKey: starterKeys.mine,
    queryFn: ({ signal }) => apiRequest<Starter[]>('/api/starters/my', { signal }),
    enabled,
  });
}

export function usePostAsk() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAskInput) =>
      apiRequest<{ id: number }>('/api/asks', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: askKeys.all }),
  });
}

export function useAskAction(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (action: 'close' | 'renew' | 'delete'): Promise<void> => {
      if (action === 'delete') await apiRequest<void>(`/api/asks/${id}`, { method: 'DELETE' });
      else await apiRequest<Ask>(`/api/asks/${id}/${action}`, { method: 'POST', body: {} });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: askKeys.all }),
  });
}

export function useHelpWithAsk(id: number) {
  return useMutation({
    mutationFn: (body: { starterId: number; content: string }) =>
      apiRequest<{ starterId: number; receiverId: string }>(`/api/asks/${id}/help`, {
        method: 'POST',
        body,
      }),
  });
}
