import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiErrorBody } from '../../../../common/site/errors';
import { starterListQuery, type StarterListParams } from '../../../../common/listings/browse-page';
import type { Starter, StarterList } from '../../../../common/listings/starters';
import { ApiError, apiRequest } from '../../lib/api';
import { starterKeys } from '../../lib/query-keys';

/**
 * The starters feature owns the one cache entry of each starter; other features (a message
 * thread's header) get it through these options, composed in by their page.
 */
export const starterQueries = {
  list: (params: StarterListParams) =>
    queryOptions({
      queryKey: starterKeys.list(params),
      queryFn: ({ signal }) => apiRequest<StarterList>(starterListUrl(params), { signal }),
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: starterKeys.detail(id),
      queryFn: ({ signal }) => apiRequest<Starter>(`/api/starters/${id}`, { signal }),
    }),
  mine: () =>
    queryOptions({
      queryKey: starterKeys.mine,
      queryFn: ({ signal }) => apiRequest<Starter[]>('/api/starters/my', { signal }),
    }),
};

export type { StarterListParams };

export function starterListUrl(params: StarterListParams): string {
  return `/api/starters?${starterListQuery(params)}`;
}

export function useStarters(params: StarterListParams) {
  return useQuery(starterQueries.list(params));
}

export function useStarter(id: number | null) {
  return useQuery({ ...starterQueries.detail(id ?? 0), enabled: id !== null });
}

export function useMyStarters(enabled = true) {
  return useQuery({ ...starterQueries.mine(), enabled });
}

export function useMarkClaimed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest<Starter>(`/api/starters/${id}`, { method: 'PATCH', body: { isClaimed: true } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: starterKeys.all }),
  });
}

/** POST /api/starters/:id/fed: the owner fed their active culture today. */
export function useMarkFed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<Starter>(`/api/starters/${id}/fed`, { method: 'POST' }),
    onSuccess: (starter) => {
      queryClient.setQueryData(starterKeys.detail(starter.id), starter);
      return queryClient.invalidateQueries({ queryKey: starterKeys.all });
    },
  });
}

export function useDeleteStarter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<void>(`/api/starters/${id}`, { method: 'DELETE' }),
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: starterKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: starterKeys.all });
    },
  });
}

/**
 * POST /api/starters as multipart. XMLHttpRequest rather than fetch: only it reports upload
 * progress, which a phone photo on a slow connection needs.
 */
export function uploadStarter(
  form: FormData,
  onProgress: (fraction: number) => void,
  { method, url }: { method: 'POST' | 'PATCH'; url: string } = {
    method: 'POST',
    url: '/api/starters',
  },
): Promise<Starter> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.withCredentials = true;
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const text = xhr.responseText;
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(text) as Starter);
        } catch (err) {
          reject(err);
        }
        return;
      }
      let body: Partial<ApiErrorBody> | undefined;
      try {
        body = JSON.parse(text) as Partial<ApiErrorBody>;
      } catch {
        body = undefined;
      }
      reject(new ApiError(xhr.status, text || xhr.statusText, body));
    };
    // Same shape as a failed fetch, so callers can treat it as a network error.
    xhr.onerror = () => reject(new TypeError('Network error'));
    xhr.send(form);
  });
}

export function useCreateStarter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ form, onProgress }: { form: FormData; onProgress: (f: number) => void }) =>
      uploadStarter(form, onProgress),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: starterKeys.all }),
  });
}

/** PATCH /api/starters/:id as multipart: an owner's edit, photos included. */
export function useEditStarter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      form,
      onProgress,
    }: {
      id: number;
      form: FormData;
      onProgress: (f: number) => void;
    }) => uploadStarter(form, onProgress, { method: 'PATCH', url: `/api/starters/${id}` }),
    onSuccess: (starter) => {
      queryClient.setQueryData(starterKeys.detail(starter.id), starter);
      return queryClient.invalidateQueries({ queryKey: starterKeys.all });
    },
  });
}
