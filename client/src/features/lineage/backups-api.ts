import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DiedAnswer,
  DiedReason,
  FamilyKeepers,
} from '../../../../common/cultures/culture-backups';
import { apiRequest } from '../../lib/api';
import { lineageKeys } from '../../lib/query-keys';

/** A backup when a culture dies (decision 161). */
const keepersKey = (id: number) => [...lineageKeys.lineage(id), 'keepers'] as const;

export const keepersQuery = (id: number) =>
  queryOptions({
    queryKey: keepersKey(id),
    queryFn: ({ signal }) => apiRequest<FamilyKeepers>(`/api/starters/${id}/keepers`, { signal }),
  });

export function useFamilyKeepers(id: number) {
  return useQuery(keepersQuery(id));
}

export function useKeepBackup(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keep: boolean) =>
      apiRequest<void>(`/api/starters/${id}/keeper`, { method: keep ? 'PUT' : 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keepersKey(id) }),
  });
}

export function useCultureDied(id: number) {
  return useMutation({
    mutationFn: (reason: DiedReason) =>
      apiRequest<DiedAnswer>(`/api/starters/${id}/died`, { method: 'POST', body: { reason } }),
  });
}

export function useAskKeeper(id: number) {
  return useMutation({
    mutationFn: (memberId: string) =>
      apiRequest<{ starterId: number | null }>(`/api/starters/${id}/died/ask`, {
        method: 'POST',
        body: { memberId },
      }),
  });
}

/** A keeper says no to an ask, no reason asked: the asker is told, the ask leaves the list. */
export function useDeclineAsk(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (askId: number) =>
      apiRequest<void>(`/api/keeper-asks/${askId}/decline`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keepersKey(id) }),
  });
}
