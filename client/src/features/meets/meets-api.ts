import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BringInput,
  Coming,
  CreateMeet,
  Meet,
  MeetSummary,
} from '../../../../common/listings/meets';
import type { Starter } from '../../../../common/listings/starters';
import { apiRequest } from '../../lib/api';
import { meetKeys, starterKeys } from '../../lib/query-keys';

/** Meets not over yet near `near` (a gazetteer place); none is asked without a place. */
export function useMeetsNear(near: string | null | undefined) {
  return useQuery({
    queryKey: meetKeys.near(near ?? ''),
    queryFn: ({ signal }) =>
      apiRequest<MeetSummary[]>(`/api/meets?near=${encodeURIComponent(near ?? '')}`, { signal }),
    enabled: !!near,
  });
}

export function useMeet(id: number) {
  return useQuery({
    queryKey: meetKeys.detail(id),
    queryFn: ({ signal }) => apiRequest<Meet>(`/api/meets/${id}`, { signal }),
    retry: false,
  });
}

export function useCreateMeet() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateMeet) =>
      apiRequest<{ id: number }>('/api/meets', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: meetKeys.all }),
  });
}

/** The member's own listings, to choose what to bring. */
export function useMyListings(enabled: boolean) {
  return useQuery({
    queryKey: starterKeys.mine,
    queryFn: ({ signal }) => apiRequest<Starter[]>('/api/starters/my', { signal }),
    enabled,
  });
}

export function useBring(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BringInput) =>
      apiRequest<{ starterId: number; portions: number }>(`/api/meets/${id}/bring`, {
        method: 'POST',
        body,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: meetKeys.all }),
  });
}

export function useComing(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (coming: boolean) =>
      apiRequest<Coming>(`/api/meets/${id}/coming`, { method: coming ? 'PUT' : 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: meetKeys.all }),
  });
}
