import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeleteAccountInput } from '../../../../common/members/account';
import type {
  ChangeEmailInput,
  ChangePasswordInput,
  Notice,
} from '../../../../common/members/auth';
import type { MemberSession, UndoLink } from '../../../../common/members/sessions';
import type { MailSettings, MailSettingsPatch } from '../../../../common/members/users';
import { ApiError, apiRequest } from '../../lib/api';
import {
  currentUserQueryKey,
  mailSettingsKeys,
  passkeyKeys,
  sessionKeys,
  starterKeys,
} from '../../lib/query-keys';

/** POST /api/users/me/delete: signed out everywhere; signing in within 14 days restores. */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DeleteAccountInput) =>
      apiRequest<Notice>('/api/users/me/delete', { method: 'POST', body: input }),
    onSuccess: () => {
      queryClient.setQueryData(currentUserQueryKey, null);
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== currentUserQueryKey[0] });
    },
  });
}

/** For a member without a password: a code by email confirms the deletion instead. */
export function useRequestDeletionCode() {
  return useMutation({
    mutationFn: () => apiRequest<Notice>('/api/users/me/delete/code', { method: 'POST' }),
  });
}

/** "Pause my listings": every listing on offer leaves browse until "Still available". */
export function usePauseListings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<Notice>('/api/users/me/pause-listings', { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: starterKeys.all }),
  });
}

/** POST /api/users/me/export: the zip is built in the background and its link mailed. */
export function useRequestExport() {
  return useMutation({
    mutationFn: () => apiRequest<Notice>('/api/users/me/export', { method: 'POST' }),
  });
}

/** Spends the mailed link's token and saves the zip it answers. */
export function useDownloadExport() {
  return useMutation({
    mutationFn: async (token: string) => {
      const res = await fetch('/api/data-export/download', {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ token }),
      });
      if (!res.ok) {
        const text = await res.text();
        let body;
        try {
          body = JSON.parse(text);
        } catch {
          body = undefined;
        }
        throw new ApiError(res.status, text, body);
      }
      const name =
        res.headers.get('content-disposition')?.match(/filename="([^"]+)"/)?.[1] ??
        'cultureshare-data.zip';
      const url = URL.createObjectURL(await res.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = name;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      return name;
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
