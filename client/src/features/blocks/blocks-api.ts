import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BlockedMember, Unreachable } from '../../../../common/members/blocks';
import { apiRequest } from '../../lib/api';
import { blockKeys, invalidateAll, staleAfter } from '../../lib/query-keys';

export const blockQueries = {
  mine: () =>
    queryOptions({
      queryKey: blockKeys.mine,
      queryFn: ({ signal }) => apiRequest<BlockedMember[]>('/api/me/blocks', { signal }),
    }),
  unreachable: () =>
    queryOptions({
      queryKey: blockKeys.unreachable,
      queryFn: ({ signal }) => apiRequest<Unreachable>('/api/me/unreachable', { signal }),
    }),
};

export function useBlocks(enabled = true) {
  return useQuery({ ...blockQueries.mine(), enabled });
}

export function useUnreachable(enabled = true) {
  return useQuery({ ...blockQueries.unreachable(), enabled });
}

/** Private and reversible: PUT blocks, DELETE unblocks. */
export function useBlockMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ memberId, block }: { memberId: string; block: boolean }) =>
      apiRequest<void>(`/api/blocks/${encodeURIComponent(memberId)}`, {
        method: block ? 'PUT' : 'DELETE',
      }),
    onSuccess: () => invalidateAll(queryClient, staleAfter.block),
  });
}
