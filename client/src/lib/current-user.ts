import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '../../../common/members/users';
import { getOrNullOn401 } from './api';
import { currentUserQueryKey } from './query-keys';

/** Signed out is an answer (null), not an error. */
export const currentUserQuery = () =>
  queryOptions({
    queryKey: currentUserQueryKey,
    queryFn: ({ signal }) => getOrNullOn401<CurrentUser>('/api/auth/user', signal),
  });

/** Signed in when the current-user call returns a user (spec §4); not retried. */
export function useCurrentUser() {
  const query = useQuery(currentUserQuery());
  return { user: query.data ?? null, isLoading: query.isLoading, isSignedIn: !!query.data };
}
