import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LabelView, ReceivedLabel } from '../../../../common/cultures/labels';
import { apiRequest } from '../../lib/api';
import { handoverKeys, labelKeys, lineageKeys, starterKeys } from '../../lib/query-keys';

/** A scanned label's page data; an unknown code is 404, not worth asking again. */
export function useLabel(code: string) {
  return useQuery({
    queryKey: labelKeys.view(code),
    queryFn: ({ signal }) =>
      apiRequest<LabelView>(`/api/labels/${encodeURIComponent(code)}`, { signal }),
    retry: false,
  });
}

/** "I received this jar": records the hand-over, then the page, the family and the lists reload. */
export function useReceiveLabel(code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<ReceivedLabel>(`/api/labels/${encodeURIComponent(code)}/receive`, {
        method: 'POST',
      }),
    onSettled: (received) => {
      void queryClient.invalidateQueries({ queryKey: labelKeys.view(code) });
      if (!received) return;
      void queryClient.invalidateQueries({ queryKey: lineageKeys.lineage(received.starterId) });
      void queryClient.invalidateQueries({ queryKey: starterKeys.all });
      void queryClient.invalidateQueries({ queryKey: handoverKeys.all });
    },
  });
}
