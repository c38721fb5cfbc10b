import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeleteAccountInput } from '../../../../common/members/account';
import type { Notice } from '../../../../common/members/auth';
import { ApiError, apiRequest } from '../../lib/api';
import { currentUserQueryKey, starterKeys } from '../../lib/query-keys';

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
