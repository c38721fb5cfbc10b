import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LabelView, ReceivedLabel } from '../../../../common/cultures/labels';
import { apiRequest, isNetworkError } from '../../lib/api';
import { labelKeys } from '../../lib/query-keys';
import { afterReceived, queueScan, sendScan } from './scan-outbox';

/** A scanned label's page data; an unknown code is 404, not worth asking again. */
export function useLabel(code: string) {
  return useQuery({
    queryKey: labelKeys.view(code),
    queryFn: ({ signal }) =>
      apiRequest<LabelView>(`/api/labels/${encodeURIComponent(code)}`, { signal }),
    retry: false,
  });
}

/**
 * "I received this jar": records the hand-over, then the page, the family and the lists reload.
 * Without a connection the scan is kept on the device (`queued`) and sent when it is back.
 */
export function useReceiveLabel(code: string, memberId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    // Run offline too: offline is when the scan is kept on the device (not paused).
    networkMode: 'always',
    mutationFn: async (): Promise<ReceivedLabel | 'queued'> => {
      const queue = () => {
        queueScan({ code, memberId: memberId ?? '', scannedAt: new Date().toISOString() });
        return 'queued' as const;
      };
      if (!navigator.onLine) return queue();
      try {
        return await sendScan(code);
      } catch (err) {
        if (isNetworkError(err)) return queue();
        throw err;
      }
    },
    onSettled: (received) => {
      if (received !== 'queued') afterReceived(queryClient, code, received);
    },
  });
}
