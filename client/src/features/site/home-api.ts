import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HomeAnswer } from '../../../../common/site/site';
import { apiRequest } from '../../lib/api';
import { homeQueryKey } from '../../lib/query-keys';

export const homeQueries = {
  home: () =>
    queryOptions({
      queryKey: homeQueryKey,
      queryFn: ({ signal }) => apiRequest<HomeAnswer>('/api/site/home', { signal }),
    }),
};

/** The landing page's figures and listings; the page's data island answers it at first. */
export function useHome() {
  return useQuery(homeQueries.home());
}
