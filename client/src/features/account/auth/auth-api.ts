import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ConfirmationDetails,
  Notice,
  PasswordResetRequest,
  SignInInput,
  SignUpInput,
} from '../../../../../common/members/auth';
import type { CurrentUser } from '../../../../../common/members/users';
import { withNextPath } from '../../../../../common/site/return-path';
import { apiRequest } from '../../../lib/api';
import { confirmationDetailsKey, currentUserQueryKey } from '../../../lib/query-keys';

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

/**
 * POST /api/auth/signup with only the four fields the spec sends; the way back (`next`) rides
 * in the query so the confirmation mail's link can carry it (decision 048).
 */
export function useSignUp() {
  return useMutation({
    mutationFn: ({ email, password, firstName, lastName, next }: SignUpInput & { next?: string }) =>
      apiRequest<CurrentUser>(withNextPath('/api/auth/signup', next), {
        method: 'POST',
        body: { email, password, firstName, lastName },
      }),
  });
}

/** POST /api/auth/password-reset: the same answer whether or not an account has the address. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (input: PasswordResetRequest) =>
      apiRequest<Notice>('/api/auth/password-reset', { method: 'POST', body: input }),
  });
}

/** POST /api/auth/password-reset/confirm: every session ends, so the member signs in again. */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { token: string; password: string }) =>
      apiRequest<Notice>('/api/auth/password-reset/confirm', { method: 'POST', body: input }),
    onSuccess: () => queryClient.setQueryData(currentUserQueryKey, null),
  });
}

/** POST /api/auth/confirm-email with a mailed link's token. */
export function useConfirmEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest<Notice>('/api/auth/confirm-email', { method: 'POST', body: { token } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  });
}

/**
 * POST /api/auth/confirm-email/details: whose account a link confirms, read without using it
 * (a POST keeps the token out of logs; nothing is cached, as the link is used once).
 */
export function useConfirmationDetails(token: string) {
  return useQuery({
    queryKey: confirmationDetailsKey(token),
    enabled: !!token,
    retry: false,
    gcTime: 0,
    queryFn: () =>
      apiRequest<ConfirmationDetails>('/api/auth/confirm-email/details', {
        method: 'POST',
        body: { token },
      }),
  });
}

/** POST /api/auth/email-change/undo: the account takes its old address back; all sign out. */
export function useUndoEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest<Notice>('/api/auth/email-change/undo', { method: 'POST', body: { token } }),
    onSuccess: () => queryClient.setQueryData(currentUserQueryKey, null),
  });
}

/** POST /api/auth/sign-in-link: the same answer whether or not an account has the address. */
export function useRequestSignInLink() {
  return useMutation({
    mutationFn: (input: PasswordResetRequest) =>
      apiRequest<Notice>('/api/auth/sign-in-link', { method: 'POST', body: input }),
  });
}

/** POST /api/auth/sign-in-link/confirm: a mailed one-time link signs this browser in. */
export function useSignInWithLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest<CurrentUser>('/api/auth/sign-in-link/confirm', {
        method: 'POST',
        body: { token },
      }),
    onSuccess: (user) => {
      queryClient.setQueryData(currentUserQueryKey, user);
      void queryClient.invalidateQueries({
        predicate: (q) => q.queryKey[0] !== currentUserQueryKey[0],
      });
    },
  });
}

/** POST /api/auth/confirm-email/resend: a fresh link, a few times an hour at most. */
export function useResendConfirmation() {
  return useMutation({
    mutationFn: (input: { next?: string } | void) =>
      apiRequest<Notice>(withNextPath('/api/auth/confirm-email/resend', input?.next), {
        method: 'POST',
      }),
  });
}
