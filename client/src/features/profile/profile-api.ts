import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileUpdateInput } from '../../../../common/members/auth';
import type { CurrentUser } from '../../../../common/members/users';
import { apiRequest } from '../../lib/api';
import { currentUserQueryKey } from '../../lib/query-keys';

/** PATCH /api/users/profile; afterwards the current-user query is refreshed (spec §7). */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileUpdateInput) =>
      apiRequest<CurrentUser>('/api/users/profile', { method: 'PATCH', body: input }),
    onSuccess: async (user) => {
      queryClient.setQueryData(currentUserQueryKey, user);
      await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    },
  });
}
