import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReportStatus } from '../../../../common/catalogue';
import type { AuditEntry, CreateSanctionInput, SanctionItem } from '../../../../common/moderation';
import type { ReportItem, ReportStats } from '../../../../common/reports';
import { apiRequest } from '../../lib/api';

export const reportsPath = (status: ReportStatus) => `/api/reports?status=${status}`;
const STATS_PATH = '/api/reports/stats';
export const sanctionsPath = (active: boolean) => `/api/moderation/sanctions?active=${active}`;
const AUDIT_PATH = '/api/moderation/audit';

export const REPORTS_PAGE_SIZE = 50;

/** Reports of one status, newest first, a page at a time ('Load more'). */
export function useReports(status: ReportStatus) {
  return useInfiniteQuery({
    queryKey: [reportsPath(status), 'pages'],
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<ReportItem[]>(
        `${reportsPath(status)}&limit=${REPORTS_PAGE_SIZE}&offset=${pageParam}`,
        { signal },
      ),
    getNextPageParam: (last, pages) =>
      last.length === REPORTS_PAGE_SIZE ? pages.length * REPORTS_PAGE_SIZE : undefined,
  });
}

export function useReportStats() {
  return useQuery<ReportStats>({ queryKey: [STATS_PATH] });
}

export function useSanctions(active: boolean) {
  return useQuery<SanctionItem[]>({ queryKey: [sanctionsPath(active)] });
}

export function useAuditLog() {
  return useQuery<AuditEntry[]>({ queryKey: [AUDIT_PATH] });
}

/** Any moderator action can change every list on the dashboard, so all of them reload. */
function useRefreshDashboard() {
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({
      predicate: (q) => {
        const key = String(q.queryKey[0]);
        return key.startsWith('/api/reports') || key.startsWith('/api/moderation');
      },
    });
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
    mutationFn: ({ id }: { id: number }) =>
      apiRequest<ReportItem>(`/api/reports/${id}/remove-starter`, { method: 'POST', body: {} }),
    onSettled: refresh,
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
