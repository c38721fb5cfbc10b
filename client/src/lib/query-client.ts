import { QueryClient } from '@tanstack/react-query';
import { apiRequest } from './api';

/** Spec §7: no interval or focus refetch, data never stale, no retries. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: ({ queryKey, signal }) => apiRequest(String(queryKey[0]), { signal }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
