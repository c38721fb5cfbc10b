import { QueryClient } from '@tanstack/react-query';

/**
 * Spec §7: no interval or focus refetch, data never stale, no retries. No default query
 * function: every query names its own, in its feature's api file.
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
