import { useQuery } from '@tanstack/react-query';
import type { MyTrust } from '../../../../common/members/trust';
import { apiRequest } from '../../lib/api';
import { myTrustQueryKey } from '../../lib/query-keys';

/** GET /api/users/me/trust: the member's level, what it allows and what would raise it. */
export function useMyTrust() {
  return useQuery({
    queryKey: myTrustQueryKey,
    queryFn: ({ signal }) => apiRequest<MyTrust>('/api/users/me/trust', { signal }),
  });
}
