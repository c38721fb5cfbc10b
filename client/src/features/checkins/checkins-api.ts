import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnswerCheckinInput, Checkin } from '../../../../common/cultures/checkins';
import { apiRequest } from '../../lib/api';
import { checkinKeys } from '../../lib/query-keys';

export const checkinQueries = {
  due: () =>
    queryOptions({
      queryKey: checkinKeys.due,
      queryFn: ({ signal }) => apiRequest<Checkin[]>('/api/checkins', { signal }),
    }),
};

export function useDueCheckins(enabled = true) {
  return useQuery({ ...checkinQueries.due(), enabled });
}

/** One click: answers the check-in and gives back the answered one (for what to show next). */
export function useAnswerCheckin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, answer }: AnswerCheckinInput & { id: number }) =>
      apiRequest<Checkin>(`/api/checkins/${id}`, { method: 'POST', body: { answer } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: checkinKeys.all }),
  });
}
