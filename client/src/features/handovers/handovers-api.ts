import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  FeedbackInput,
  HealthCheckKey,
  MyHandovers,
  StarterActivity,
  UserSummary,
} from '../../../../common/conversations/handovers';
import type { Notice } from '../../../../common/conversations/notices';
import { apiRequest } from '../../lib/api';
import { handoverKeys, invalidateAll, staleAfter } from '../../lib/query-keys';

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
  notices: () =>
    queryOptions({
      queryKey: handoverKeys.notices,
      queryFn: ({ signal }) => apiRequest<Notice[]>('/api/me/notices', { signal }),
    }),
};

export function useMemberSummary(userId: string | null | undefined) {
  return useQuery({ ...handoverQueries.summary(userId ?? ''), enabled: !!userId });
}

export function useStarterActivity(enabled = true) {
  return useQuery({ ...handoverQueries.activity(), enabled });
}

export function useMyHandovers(enabled = true) {
  return useQuery({ ...handoverQueries.mine(), enabled });
}

export function useNotices(enabled = true) {
  return useQuery({ ...handoverQueries.notices(), enabled });
}

/** A hand-over changes starters (portions, status) and threads (system lines) too. */
function useHandoverMutation<Input, Output = unknown>(call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => invalidateAll(queryClient, staleAfter.handover),
  });
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

/** The member's own 👎 on a hand-over, withdrawn while it still waits to count. */
export function useWithdrawFeedback() {
  return useHandoverMutation((id: number) =>
    apiRequest<void>(`/api/handovers/${id}/feedback`, { method: 'DELETE' }),
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
