import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateStewardInput, StewardItem } from '../../../../common/moderation/stewards';
import { apiRequest } from '../../lib/api';
import { moderationKeys } from '../../lib/query-keys';

/** Stewards and their areas, for moderators (decision 166). */
export const stewardsQuery = () =>
  queryOptions({
    queryKey: moderationKeys.stewards,
    queryFn: ({ signal }) => apiRequest<StewardItem[]>('/api/moderation/stewards', { signal }),
  });

export function useStewards() {
  return useQuery(stewardsQuery());
}

/** The list and the audit log both change: the whole dashboard reloads. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: moderationKeys.all });
}

export function useAppointSteward() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: CreateStewardInput) =>
      apiRequest<{ id: number }>('/api/moderation/stewards', { method: 'POST', body }),
    onSettled: refresh,
  });
}

export function useRemoveSteward() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest<void>(`/api/moderation/stewards/${id}`, { method: 'DELETE' }),
    onSettled: refresh,
  });
}
