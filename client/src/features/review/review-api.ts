import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ReviewItem,
  ReviewOutcome,
  ReviewVerdict,
} from '../../../../common/moderation/review';
import { apiRequest } from '../../lib/api';
import { reviewKeys } from '../../lib/query-keys';

/** GET /api/review: held items near the member that wait for their verdict. */
export function useReviewQueue() {
  return useQuery({
    queryKey: reviewKeys.queue,
    queryFn: ({ signal }) => apiRequest<ReviewItem[]>('/api/review', { signal }),
  });
}

/** POST /api/review/:id; the queue is read again after. */
export function useReviewVerdict() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, verdict }: { id: number; verdict: ReviewVerdict }) =>
      apiRequest<ReviewOutcome>(`/api/review/${id}`, { method: 'POST', body: { verdict } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
  });
}
