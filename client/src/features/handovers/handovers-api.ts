import { createContext, useContext } from 'react';
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import type {
  Block,
  FeedbackRating,
  FeedbackReason,
  MemberSummary,
  MyHandoverItem,
  ThreadHandoverState,
} from './handover-types';

/** Every hand-over query key starts with `all`, so one invalidation refreshes them all. */
export const handoverKeys = {
  all: ['handovers'] as const,
  summary: (userId: string) => ['handovers', 'summary', userId] as const,
  thread: (starterId: number, memberId: string) =>
    ['handovers', 'thread', starterId, memberId] as const,
  mine: ['handovers', 'mine'] as const,
  blocks: ['handovers', 'blocks'] as const,
};

export const handoverQueries = {
  summary: (userId: string) =>
    queryOptions({
      queryKey: handoverKeys.summary(userId),
      queryFn: ({ signal }) =>
        apiRequest<MemberSummary>(`/api/users/${encodeURIComponent(userId)}/summary`, { signal }),
      staleTime: 60_000,
    }),
  /** Where the conversation about `starterId` with `memberId` stands (reserved, given…). */
  thread: (starterId: number, memberId: string) =>
    queryOptions({
      queryKey: handoverKeys.thread(starterId, memberId),
      queryFn: ({ signal }) =>
        apiRequest<ThreadHandoverState>(
          `/api/starters/${starterId}/handover-state?with=${encodeURIComponent(memberId)}`,
          { signal },
        ),
    }),
  mine: () =>
    queryOptions({
      queryKey: handoverKeys.mine,
      queryFn: ({ signal }) => apiRequest<MyHandoverItem[]>('/api/handovers/mine', { signal }),
    }),
  blocks: () =>
    queryOptions({
      queryKey: handoverKeys.blocks,
      queryFn: ({ signal }) => apiRequest<Block[]>('/api/blocks', { signal }),
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

export function useThreadHandover(starterId: number, memberId: string | null) {
  return useQuery({ ...handoverQueries.thread(starterId, memberId ?? ''), enabled: !!memberId });
}

export function useMyHandovers() {
  return useQuery(handoverQueries.mine());
}

export function useBlocks(enabled = true) {
  return useQuery({ ...handoverQueries.blocks(), enabled });
}

function useHandoverMutation<Input, Output = unknown>(call: (input: Input) => Promise<Output>) {
  const refresh = useRefreshAfterChange();
  return useMutation({ mutationFn: call, onSuccess: () => refresh() });
}

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
    apiRequest<void>(
      `/api/reservations/${id}${reason ? `?reason=${encodeURIComponent(reason)}` : ''}`,
      { method: 'DELETE' },
    ),
  );
}

export function useMarkGiven() {
  return useHandoverMutation(
    ({ starterId, memberId }: { starterId: number; memberId: string | null }) =>
      apiRequest<{ id: number }>(`/api/starters/${starterId}/handovers`, {
        method: 'POST',
        body: { memberId },
      }),
  );
}

export function useConfirmHandover() {
  return useHandoverMutation(({ id, received }: { id: number; received: boolean }) =>
    apiRequest<void>(`/api/handovers/${id}/confirm`, { method: 'POST', body: { received } }),
  );
}

export interface FeedbackInput {
  rating: FeedbackRating;
  reason?: FeedbackReason;
  note?: string;
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

export function useBlockMember() {
  return useHandoverMutation(({ memberId, block }: { memberId: string; block: boolean }) =>
    apiRequest<void>(`/api/users/${encodeURIComponent(memberId)}/block`, {
      method: block ? 'POST' : 'DELETE',
    }),
  );
}
