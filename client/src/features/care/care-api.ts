import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CareCard } from '../../../../common/care-cards/schema';
import { apiRequest } from '../../lib/api';
import { careKeys } from '../../lib/query-keys';

/**
 * Care cards come from the API, one at a time, rather than in the bundle: all of them together
 * are many kilobytes that only the starter page needs, and one card at a time.
 */
export const careQueries = {
  card: (subcategory: string) =>
    queryOptions({
      queryKey: careKeys.card(subcategory),
      queryFn: ({ signal }) =>
        apiRequest<CareCard>(`/api/care-cards/${encodeURIComponent(subcategory)}`, { signal }),
      // Cards change only with a new release of the site.
      staleTime: Infinity,
    }),
};

export function useCareCard(subcategory: string) {
  return useQuery(careQueries.card(subcategory));
}
