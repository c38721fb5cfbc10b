import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Lineage,
  ReceivedCulture,
  UpdateOriginInput,
} from '../../../../common/cultures/lineage';
import type { Starter } from '../../../../common/listings/starters';
import { apiRequest } from '../../lib/api';
import { lineageKeys, starterKeys } from '../../lib/query-keys';

/** Family trees (decision 031). */
export const lineageQueries = {
  lineage: (id: number) =>
    queryOptions({
      queryKey: lineageKeys.lineage(id),
      queryFn: ({ signal }) => apiRequest<Lineage>(`/api/starters/${id}/lineage`, { signal }),
    }),
  received: () =>
    queryOptions({
      queryKey: lineageKeys.received,
      queryFn: ({ signal }) =>
        apiRequest<ReceivedCulture[]>('/api/me/received-cultures', { signal }),
    }),
  receivedOne: (handoverId: number) =>
    queryOptions({
      queryKey: lineageKeys.receivedOne(handoverId),
      queryFn: ({ signal }) =>
        apiRequest<ReceivedCulture>(`/api/me/received-cultures/${handoverId}`, { signal }),
      // A hand-over that is not the member's is answered 404: asking again changes nothing.
      retry: false,
    }),
};

export function useLineage(id: number | null) {
  return useQuery({ ...lineageQueries.lineage(id ?? 0), enabled: id !== null });
}

export function useReceivedCultures() {
  return useQuery(lineageQueries.received());
}

export function useReceivedCulture(handoverId: number | null) {
  return useQuery({
    ...lineageQueries.receivedOne(handoverId ?? 0),
    enabled: handoverId !== null,
  });
}

export function useUpdateOrigin(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateOriginInput) =>
      apiRequest<Starter>(`/api/starters/${id}/origin`, { method: 'PUT', body }),
    onSuccess: (starter) => {
      queryClient.setQueryData(starterKeys.detail(id), starter);
      return queryClient.invalidateQueries({ queryKey: starterKeys.all });
    },
  });
}
