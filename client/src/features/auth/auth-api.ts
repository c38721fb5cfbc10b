import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignInInput, SignUpInput } from '../../../../common/auth';
import type { CurrentUser } from '../../../../common/users';
import { apiRequest } from '../../lib/api';
import { currentUserQueryKey } from '../../lib/current-user';

/** POST /api/auth/login; on success the header and every page see the member at once. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SignInInput) =>
      apiRequest<CurrentUser>('/api/auth/login', { method: 'POST', body: input }),
    onSuccess: (user) => {
      queryClient.setQueryData(currentUserQueryKey, user);
      // Pages cached while signed out (e.g. a starter's message button) must re-read.
      void queryClient.invalidateQueries({
        predicate: (q) => q.queryKey[0] !== currentUserQueryKey[0],
      });
    },
  });
}

/** POST /api/auth/signup with only the four fields the spec sends. */
export function useSignUp() {
  return useMutation({
    mutationFn: ({ email, password, firstName, lastName }: SignUpInput) =>
      apiRequest<CurrentUser>('/api/auth/signup', {
        method: 'POST',
        body: { email, password, firstName, lastName },
      }),
  });
}
