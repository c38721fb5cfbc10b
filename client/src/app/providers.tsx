import { useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { PageData } from '../../../common/site/page-data';
import { takePageData } from '../lib/page-data';
import { createQueryClient } from '../lib/query-client';
import {
  currentUserQueryKey,
  homeQueryKey,
  siteLanguagesQueryKey,
  siteQueryKey,
  starterKeys,
} from '../lib/query-keys';

/** The page's own answers become cached answers: the first paint asks the API for nothing. */
export function seedQueryClient(queryClient: QueryClient, data: PageData | undefined) {
  if (!data) return;
  queryClient.setQueryData(currentUserQueryKey, data.user);
  queryClient.setQueryData(siteQueryKey, data.site);
  if (data.languages) queryClient.setQueryData(siteLanguagesQueryKey, data.languages);
  if (data.browse)
    queryClient.setQueryData(starterKeys.list(data.browse.params), data.browse.answer);
  if (data.home) queryClient.setQueryData(homeQueryKey, data.home);
  if (data.starter) queryClient.setQueryData(starterKeys.detail(data.starter.id), data.starter);
}

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    seedQueryClient(client, takePageData());
    return client;
  });
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
