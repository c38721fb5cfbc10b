import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateReportInput } from '../../../../common/moderation/reports';
import { apiRequest } from '../../lib/api';
import { invalidateAll, staleAfter } from '../../lib/query-keys';

/** POST /api/reports; the moderation dashboard, if cached, reloads (`staleAfter.report`). */
export function useCreateReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateReportInput) =>
      apiRequest<void>('/api/reports', { method: 'POST', body }),
    onSuccess: () => invalidateAll(queryClient, staleAfter.report),
  });
}
