import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Starter } from '../../../../common/listings/starters';
import { apiRequest } from '../../lib/api';
import { starterKeys } from '../../lib/query-keys';

/** The member's Saved and Hidden lists (decision 159), under the starters' keys. */
export const savedKeys = {
  saved: [...starterKeys.all, 'saved'] as const,
  hidden: [...starterKeys.all, 'hidden'] as const,
};

export const savedQueries = {
  saved: () =>
    queryOptions({
      queryKey: savedKeys.saved,
      queryFn: ({ signal }) => apiRequest<Starter[]>('/api/users/me/saved', { signal }),
    }),
  hidden: () =>
    queryOptions({
      queryKey: savedKeys.hidden,
      queryFn: ({ signal }) => apiRequest<Starter[]>('/api/users/me/hidden', { signal }),
    }),
};

export const useSaved = (enabled = true) => useQuery({ ...savedQueries.saved(), enabled });
export const useHidden = (enabled = true) => useQuery({ ...savedQueries.hidden(), enabled });

export type Mark = 'saved' | 'hidden';

/** PUT marks a listing, DELETE takes the mark away; browse, the map and both lists follow. */
export function useMark() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, mark, on }: { id: number; mark: Mark; on: boolean }) =>
      apiRequest<unknown>(`/api/starters/${id}/${mark}`, { method: on ? 'PUT' : 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: starterKeys.all }),
  });
}
