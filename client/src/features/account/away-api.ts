import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { currentUserQueryKey } from '../../lib/query-keys';

/** PUT /api/users/me/away (a day) or DELETE it (`null`); the current user is read again. */
export function useSetAway() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (until: string | null): Promise<void> => {
      if (until) await apiRequest('/api/users/me/away', { method: 'PUT', body: { until } });
      else await apiRequest('/api/users/me/away', { method: 'DELETE' });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  });
}
