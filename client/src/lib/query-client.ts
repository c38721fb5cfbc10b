import {
  QueryClient,
  type InvalidateOptions,
  type InvalidateQueryFilters,
  type Query,
  type QueryKey,
} from '@tanstack/react-query';

/**
 * A query client whose invalidation always ends in an answer given after it. TanStack Query
 * hands an invalidation that arrives during a query's first fetch the answer of that fetch
 * (it only restarts fetches of queries that already hold data), and that answer may have been
 * given before the change: a live event that lands while the bell's first count is on its way
 * left the bell at 0. Such a query is invalidated once more when its first fetch ends.
 */
class AnswerAfterChangeClient extends QueryClient {
  override invalidateQueries<TTaggedQueryKey extends QueryKey = QueryKey>(
    filters?: InvalidateQueryFilters<TTaggedQueryKey>,
    options?: InvalidateOptions,
  ): Promise<void> {
    const firstFetches = this.getQueryCache().findAll(filters).filter(isFirstFetchInFlight);
    const invalidated = super.invalidateQueries(filters, options);
    if (firstFetches.length === 0) return invalidated;
    return invalidated.then(() =>
      super.invalidateQueries(
        { ...filters, predicate: (query) => firstFetches.includes(query) },
        options,
      ),
    );
  }
}

function isFirstFetchInFlight(query: Query): boolean {
  return query.state.data === undefined && query.state.fetchStatus === 'fetching';
}

/**
 * Spec §7: no interval or focus refetch, data never stale, no retries. No default query
 * function: every query names its own, in its feature's api file.
 */
export function createQueryClient(): QueryClient {
  return new AnswerAfterChangeClient({
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
