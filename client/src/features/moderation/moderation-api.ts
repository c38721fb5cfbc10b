import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { ReportStatus } from '../../../../common/listings/catalogue';
import type {
  AppealDecision,
  AppealItem,
  AppealStatus,
  AuditEntry,
  CreateSanctionInput,
  SanctionItem,
  StarterRemoval,
} from '../../../../common/moderation/moderation';
import type {
  RemoveStarterInput,
  ReportItem,
  ReportStats,
} from '../../../../common/moderation/reports';
import type {
  BuiltInRuleCode,
  HeldDecided,
  HeldDecision,
  HeldMessage,
  ModerationWaiting,
  HeldStarter,
  ScreeningSettings,
  ScreeningWordInput,
  UpdateBuiltInRuleInput,
} from '../../../../common/moderation/screening';
import { ApiError, apiRequest } from '../../lib/api';
import { moderationKeys } from '../../lib/query-keys';

export const REPORTS_PAGE_SIZE = 50;

export const moderationQueries = {
  /** Reports of one status, newest first, a page at a time ('Load more'). */
  reports: (status: ReportStatus) =>
    infiniteQueryOptions({
      queryKey: moderationKeys.reports(status),
      initialPageParam: 0,
      queryFn: ({ pageParam, signal }) =>
        apiRequest<ReportItem[]>(
          `/api/reports?status=${status}&limit=${REPORTS_PAGE_SIZE}&offset=${pageParam}`,
          { signal },
        ),
      getNextPageParam: (last: ReportItem[], pages: ReportItem[][]) =>
        last.length === REPORTS_PAGE_SIZE ? pages.length * REPORTS_PAGE_SIZE : undefined,
    }),
  reportStats: () =>
    queryOptions({
      queryKey: moderationKeys.reportStats,
      queryFn: ({ signal }) => apiRequest<ReportStats>('/api/reports/stats', { signal }),
    }),
  sanctions: (active: boolean) =>
    queryOptions({
      queryKey: moderationKeys.sanctions(active),
      queryFn: ({ signal }) =>
        apiRequest<SanctionItem[]>(`/api/moderation/sanctions?active=${active}`, { signal }),
    }),
  audit: () =>
    queryOptions({
      queryKey: moderationKeys.audit,
      queryFn: ({ signal }) => apiRequest<AuditEntry[]>('/api/moderation/audit', { signal }),
    }),
  appeals: (status: AppealStatus) =>
    queryOptions({
      queryKey: moderationKeys.appeals(status),
      queryFn: ({ signal }) =>
        apiRequest<AppealItem[]>(`/api/moderation/appeals?status=${status}`, { signal }),
    }),
  held: () =>
    queryOptions({
      queryKey: moderationKeys.held,
      queryFn: ({ signal }) => apiRequest<HeldMessage[]>('/api/moderation/held', { signal }),
    }),
  heldStarters: () =>
    queryOptions({
      queryKey: moderationKeys.heldStarters,
      queryFn: ({ signal }) =>
        apiRequest<HeldStarter[]>('/api/moderation/held-starters', { signal }),
    }),
  waiting: () =>
    queryOptions({
      queryKey: moderationKeys.waiting,
      queryFn: ({ signal }) => apiRequest<ModerationWaiting>('/api/moderation/waiting', { signal }),
      // New held messages and reports arrive without a moderator doing anything.
      refetchInterval: 60_000,
    }),
  screening: () =>
    queryOptions({
      queryKey: moderationKeys.screening,
      queryFn: ({ signal }) =>
        apiRequest<ScreeningSettings>('/api/moderation/screening', { signal }),
    }),
  /** Null while the listing is up (the server answers 404). */
  removal: (starterId: number) =>
    queryOptions({
      queryKey: moderationKeys.removal(starterId),
      queryFn: async ({ signal }) => {
        try {
          return await apiRequest<StarterRemoval>(`/api/starters/${starterId}/removal`, {
            signal,
          });
        } catch (err) {
          if (err instanceof ApiError && err.status === 404) return null;
          throw err;
        }
      },
    }),
};

export function useReports(status: ReportStatus) {
  return useInfiniteQuery(moderationQueries.reports(status));
}

export function useReportStats() {
  return useQuery(moderationQueries.reportStats());
}

export function useSanctions(active: boolean) {
  return useQuery(moderationQueries.sanctions(active));
}

export function useAuditLog() {
  return useQuery(moderationQueries.audit());
}

/** Any moderator action can change every list on the dashboard, so all of them reload. */
/**
 * Reloads the dashboard without holding the decision back: the call settles (its toast, focus
 * moving on from the card) before the lists change.
 */
function useRefreshDashboard() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: moderationKeys.all });
  };
}

export function useUpdateReportStatus() {
  const refresh = useRefreshDashboard();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: 'reviewed' | 'resolved' }) =>
      apiRequest<ReportItem>(`/api/reports/${id}`, { method: 'PATCH', body: { status } }),
    onSettled: refresh,
  });
}

export function useRemoveStarter() {
  const refresh = useRefreshDashboard();
  return useMutation({
    mutationFn: ({ id, ...body }: RemoveStarterInput & { id: number }) =>
      apiRequest<ReportItem>(`/api/reports/${id}/remove-starter`, { method: 'POST', body }),
    onSettled: refresh,
  });
}

export function useAppeals(status: AppealStatus) {
  return useQuery(moderationQueries.appeals(status));
}

export function useDecideAppeal() {
  const refresh = useRefreshDashboard();
  return useMutation({
    mutationFn: ({ id, decision }: { id: number; decision: AppealDecision }) =>
      apiRequest<StarterRemoval>(`/api/moderation/appeals/${id}`, {
        method: 'POST',
        body: { decision },
      }),
    onSettled: refresh,
  });
}

export function useStarterRemoval(starterId: number, enabled: boolean) {
  return useQuery({ ...moderationQueries.removal(starterId), enabled });
}

export function useAppealRemoval(starterId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      apiRequest<StarterRemoval>(`/api/starters/${starterId}/appeal`, {
        method: 'POST',
        body: { text },
      }),
    onSuccess: (removal) => queryClient.setQueryData(moderationKeys.removal(starterId), removal),
  });
}

export function useCreateSanction() {
  const refresh = useRefreshDashboard();
  return useMutation({
    mutationFn: (body: CreateSanctionInput) =>
      apiRequest<SanctionItem>('/api/moderation/sanctions', { method: 'POST', body }),
    onSettled: refresh,
  });
}

export function useLiftSanction() {
  const refresh = useRefreshDashboard();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      apiRequest<SanctionItem>(`/api/moderation/sanctions/${id}/lift`, {
        method: 'POST',
        body: { reason },
      }),
    onSettled: refresh,
  });
}

export function useHeldMessages() {
  return useQuery(moderationQueries.held());
}

export function useHeldStarters() {
  return useQuery(moderationQueries.heldStarters());
}

/** The tabs' counts: everything for moderators, a steward's areas for a steward. */
export function useModerationWaiting() {
  return useQuery(moderationQueries.waiting());
}

/**
 * Release or reject a held message; a rejection may suspend the sender for some days. It takes
 * effect after a minute, within which `useUndoHeld` takes it back.
 */
export function useDecideHeld() {
  const refresh = useRefreshDashboard();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number; decision: HeldDecision; suspendDays?: number }) =>
      apiRequest<HeldDecided>(`/api/moderation/held/${id}`, { method: 'POST', body }),
    onSettled: refresh,
  });
}

/** A held message or listing, as a decision on it is undone. */
export interface HeldItem {
  kind: 'message' | 'starter';
  id: number;
}

/** Takes back a decision on a held message or listing within its minute. */
export function useUndoHeld() {
  const refresh = useRefreshDashboard();
  return useMutation({
    mutationFn: ({ kind, id }: HeldItem) =>
      apiRequest<HeldDecided>(
        kind === 'message'
          ? `/api/moderation/held/${id}/undo`
          : `/api/moderation/held-starters/${id}/undo`,
        { method: 'POST' },
      ),
    onSettled: refresh,
  });
}

/** Release or reject a held listing; as for a message, it takes effect after a minute. */
export function useDecideHeldStarter() {
  const refresh = useRefreshDashboard();
  return useMutation({
    mutationFn: ({ id, decision }: { id: number; decision: HeldDecision }) =>
      apiRequest<HeldDecided>(`/api/moderation/held-starters/${id}`, {
        method: 'POST',
        body: { decision },
      }),
    onSettled: refresh,
  });
}

export function useScreeningSettings() {
  return useQuery(moderationQueries.screening());
}

/** Every change answers with the rules and the corpus figures recomputed. */
function useScreeningChange<Input>(request: (input: Input) => Promise<ScreeningSettings>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (settings) => queryClient.setQueryData(moderationKeys.screening, settings),
  });
}

export function useUpdateBuiltInRule() {
  return useScreeningChange(
    ({ code, ...body }: UpdateBuiltInRuleInput & { code: BuiltInRuleCode }) =>
      apiRequest<ScreeningSettings>(`/api/moderation/screening/rules/${code}`, {
        method: 'PUT',
        body,
      }),
  );
}

export function useAddWord() {
  return useScreeningChange((body: ScreeningWordInput) =>
    apiRequest<ScreeningSettings>('/api/moderation/screening/words', { method: 'POST', body }),
  );
}

export function useUpdateWord() {
  return useScreeningChange(({ id, ...body }: ScreeningWordInput & { id: number }) =>
    apiRequest<ScreeningSettings>(`/api/moderation/screening/words/${id}`, {
      method: 'PUT',
      body,
    }),
  );
}

export function useDeleteWord() {
  return useScreeningChange((id: number) =>
    apiRequest<ScreeningSettings>(`/api/moderation/screening/words/${id}`, {
      method: 'DELETE',
    }),
  );
}
