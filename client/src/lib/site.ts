import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteSettings } from '../../../common/site/site';
import { apiRequest } from './api';
import { siteQueryKey } from './query-keys';

export const siteQuery = () =>
  queryOptions({
    queryKey: siteQueryKey,
    queryFn: ({ signal }) => apiRequest<SiteSettings>('/api/site', { signal }),
  });

export function useSite() {
  return useQuery(siteQuery());
}
