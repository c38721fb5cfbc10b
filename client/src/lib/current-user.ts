import { useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '../../../common/users';
import { getOrNullOn401 } from './api';

export const currentUserQueryKey = ['/api/auth/user'] as const;

/** Signed in when the current-user call returns a user (spec §4); not retried. */
export function useCurrentUser() {
  const query = useQuery<CurrentUser | null>({
    queryKey: currentUserQueryKey,
    queryFn: ({ signal }) => getOrNullOn401<CurrentUser>('/api/auth/user', signal),
  });
  return { user: query.data ?? null, isLoading: query.isLoading, isSignedIn: !!query.data };
}
