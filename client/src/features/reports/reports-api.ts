import { useMutation } from '@tanstack/react-query';
import type { CreateReportInput } from '../../../../common/reports';
import { apiRequest } from '../../lib/api';

/**
 * POST /api/reports. `onReported` lets the page refresh what a new report changes elsewhere
 * (the moderation dashboard) through that feature's own keys.
 */
export function useCreateReport(onReported?: () => void) {
  return useMutation({
    mutationFn: (body: CreateReportInput) =>
      apiRequest<void>('/api/reports', { method: 'POST', body }),
    onSuccess: () => onReported?.(),
  });
}
