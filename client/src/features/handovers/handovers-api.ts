import { createContext, useContext } from 'react';
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import type { BlockedMember, Unreachable } from '../../../../common/blocks';
import type {
  FeedbackInput,
  HealthCheckKey,
  MyHandovers,
  StarterActivity,
  UserSummary,
} from '../../../../common/handovers';
import type { Notice } from '../../../../common/notices';
import { apiRequest } from '../../lib/api';

/** Every hand-over query key starts with `all`, so one invalidation refreshes them all. */
export const handoverKeys = {
  all: ['handovers'] as const,
  summary: (userId: string) => ['handovers', 'summary', userId] as const,
  /** The signed-in owner's listings with who asked and where each stands. */
  activity: ['handovers', 'starter-activity'] as const,
  /** What is reserved for the signed-in member, and what they received or gave. */
  mine: ['handovers', 'mine'] as const,
  blocks: ['handovers', 'blocks'] as const,
  /** Listings about to expire, hand-overs waiting for "Received": the site-wide notices. */
  notices: ['handovers', 'notices'] as const,
  /** Members a block stands between, either way round: no Message button for them. */
  unreachable: ['handovers', 'unreachable'] as const,
};

export const handoverQueries = {
  summary: (userId: string) =>
    queryOptions({
      queryKey: handoverKeys.summary(userId),
      queryFn: ({ signal }) =>
        apiRequest<UserSummary>(`/api/users/${encodeURIComponent(userId)}/summary`, { signal }),
    }),
  activity: () =>
    queryOptions({
      queryKey: handoverKeys.activity,
      queryFn: ({ signal }) =>
        apiRequest<StarterActivity[]>('/api/me/starter-activity', { signal }),
    }),
  mine: () =>
    queryOptions({
      queryKey: handoverKeys.mine,
      queryFn: ({ signal }) => apiRequest<MyHandovers>('/api/me/handovers', { signal }),
    }),
  blocks: () =>
    queryOptions({
      queryKey: handoverKeys.blocks,
      queryFn: ({ signal }) => apiRequest<BlockedMember[]>('/api/me/blocks', { signal }),
    }),
  notices: () =>
    queryOptions({
      queryKey: handoverKeys.notices,
      queryFn: ({ signal }) => apiRequest<Notice[]>('/api/me/notices', { signal }),
    }),
  unreachable: () =>
    queryOptions({
      queryKey: handoverKeys.unreachable,
      queryFn: ({ signal }) => apiRequest<Unreachable>('/api/me/unreachable', { signal }),
    }),
};

/**
 * A hand-over changes starters (portions, status) and threads (system lines), which other
 * features cache. Their keys come in from the composition (`app/`), not by import.
 */
const RelatedKeysContext = createContext<readonly QueryKey[]>([]);
export const HandoverRelatedKeysProvider = RelatedKeysContext.Provider;

function useRefreshAfterChange() {
  const queryClient = useQueryClient();
  const related = useContext(RelatedKeysContext);
  return () =>
    Promise.all(
      [handoverKeys.all, ...related].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
}

export function useMemberSummary(userId: string | null | undefined) {
  return useQuery({ ...handoverQueries.summary(userId ?? ''), enabled: !!userId });
}

export function useStarterActivity(enabled = true) {
  return useQuery({ ...handoverQueries.activity(), enabled });
}

export function useMyHandovers(enabled = true) {
  return useQuery({ ...handoverQueries.mine(), enabled });
}

export function useBlocks(enabled = true) {
  return useQuery({ ...handoverQueries.blocks(), enabled });
}

export function useNotices(enabled = true) {
  return useQuery({ ...handoverQueries.notices(), enabled });
}

export function useUnreachable(enabled = true) {
  return useQuery({ ...handoverQueries.unreachable(), enabled });
}

function useHandoverMutation<Input, Output = unknown>(call: (input: Input) => Promise<Output>) {
  const refresh = useRefreshAfterChange();
  return useMutation({ mutationFn: call, onSuccess: () => refresh() });
}

/** `at`: the neighbours' wall-clock time, `2026-11-28T10:00`, or null. */
export function useReserve() {
  return useHandoverMutation(
    ({ starterId, memberId, at }: { starterId: number; memberId: string; at: string | null }) =>
      apiRequest<{ id: number }>(`/api/starters/${starterId}/reservations`, {
        method: 'POST',
        body: at ? { memberId, at } : { memberId },
      }),
  );
}

/** The owner releases (with a reason) or the member backs out (no reason needed). */
export function useReleaseReservation() {
  return useHandoverMutation(({ id, reason }: { id: number; reason?: string }) =>
    apiRequest<void>(`/api/reservations/${id}`, {
      method: 'DELETE',
      body: reason ? { reason } : undefined,
    }),
  );
}

export function useMarkGiven() {
  return useHandoverMutation(
    ({
      starterId,
      memberId,
      healthCheck,
    }: {
      starterId: number;
      memberId: string | null;
      /** The giver's ticks; left out when none was ticked. */
      healthCheck?: Partial<Record<HealthCheckKey, boolean>>;
    }) =>
      apiRequest<{ id: number }>(`/api/starters/${starterId}/handovers`, {
        method: 'POST',
        body:
          healthCheck && Object.values(healthCheck).some(Boolean)
            ? { memberId, healthCheck }
            : { memberId },
      }),
  );
}

export function useConfirmHandover() {
  return useHandoverMutation(({ id, received }: { id: number; received: boolean }) =>
    apiRequest<void>(`/api/handovers/${id}/confirm`, { method: 'POST', body: { received } }),
  );
}

export function useLeaveFeedback() {
  return useHandoverMutation(({ id, ...body }: FeedbackInput & { id: number }) =>
    apiRequest<void>(`/api/handovers/${id}/feedback`, { method: 'POST', body }),
  );
}

export function useRenewListing() {
  return useHandoverMutation((starterId: number) =>
    apiRequest<void>(`/api/starters/${starterId}/renew`, { method: 'POST' }),
  );
}

export function useAddPortions() {
  return useHandoverMutation(({ starterId, add }: { starterId: number; add: number }) =>
    apiRequest<void>(`/api/starters/${starterId}/portions`, { method: 'POST', body: { add } }),
  );
}

/** Private and reversible: PUT blocks, DELETE unblocks. */
export function useBlockMember() {
  return useHandoverMutation(({ memberId, block }: { memberId: string; block: boolean }) =>
    apiRequest<void>(`/api/blocks/${encodeURIComponent(memberId)}`, {
      method: block ? 'PUT' : 'DELETE',
    }),
  );
}
