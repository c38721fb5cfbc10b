import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ChangeEmailInput,
  ChangePasswordInput,
  Notice,
  ProfileUpdateInput,
} from '../../../../common/members/auth';
import type {
  CurrentUser,
  MailSettings,
  MailSettingsPatch,
} from '../../../../common/members/users';
import { apiRequest } from '../../lib/api';
import type { MemberSession, UndoLink } from '../../../../common/members/sessions';
import {
  currentUserQueryKey,
  mailSettingsKeys,
  passkeyKeys,
  sessionKeys,
} from '../../lib/query-keys';

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

/** GET /api/users/mail-settings: how each kind of news reaches the member by email. */
export const mailSettingsQuery = () =>
  queryOptions({
    queryKey: mailSettingsKeys.all,
    queryFn: ({ signal }) => apiRequest<MailSettings>('/api/users/mail-settings', { signal }),
  });

export function useMailSettings() {
  return useQuery(mailSettingsQuery());
}

/** PATCH /api/users/mail-settings: the kinds named change. */
export function useUpdateMailSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MailSettingsPatch) =>
      apiRequest<MailSettings>('/api/users/mail-settings', { method: 'PATCH', body: input }),
    onSuccess: (settings) => queryClient.setQueryData(mailSettingsKeys.all, settings),
  });
}

/** POST /api/users/password: the member's other devices are signed out. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChangePasswordInput) =>
      apiRequest<Notice>('/api/users/password', { method: 'POST', body: input }),
    // Other sessions, and any link back to an old address, ended with it.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}

/** POST /api/users/email: nothing changes until the new address is confirmed. */
export function useChangeEmail() {
  return useMutation({
    mutationFn: (input: ChangeEmailInput) =>
      apiRequest<Notice>('/api/users/email', { method: 'POST', body: input }),
  });
}

/** GET /api/users/me/sessions: where the member is signed in, the current one marked. */
export function useSessions() {
  return useQuery({
    queryKey: sessionKeys.all,
    queryFn: ({ signal }) => apiRequest<MemberSession[]>('/api/users/me/sessions', { signal }),
  });
}

/** DELETE /api/users/me/sessions/:id; ending this browser's own session signs it out. */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (session: MemberSession) =>
      apiRequest<Notice>(`/api/users/me/sessions/${session.id}`, { method: 'DELETE' }),
    onSuccess: async (_notice, session) => {
      if (session.current) queryClient.setQueryData(currentUserQueryKey, null);
      else await queryClient.invalidateQueries({ queryKey: sessionKeys.all });
    },
  });
}

/**
 * POST /api/users/me/sessions/sign-out-others: only this browser stays signed in, and links
 * that would move the account back to an old address stop working; the passkeys may go too.
 */
export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ removePasskeys }: { removePasskeys: boolean }) =>
      apiRequest<Notice>('/api/users/me/sessions/sign-out-others', {
        method: 'POST',
        body: { removePasskeys },
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: sessionKeys.all });
      await queryClient.invalidateQueries({ queryKey: passkeyKeys.all });
    },
  });
}

/** GET /api/users/me/undo-links: mailed links that can still move the account to an old address. */
export function useUndoLinks() {
  return useQuery({
    queryKey: [...sessionKeys.all, 'undo-links'],
    queryFn: ({ signal }) => apiRequest<UndoLink[]>('/api/users/me/undo-links', { signal }),
  });
}
