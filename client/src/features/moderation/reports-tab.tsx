import { useEffect, useId, useRef, useState } from 'react';
import { Inbox } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { reportStatuses, type ReportStatus } from '../../../../common/listings/catalogue';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/message-card';
import { Skeleton } from '../../components/ui/skeleton';
import { useReports } from './moderation-api';
import { ReportCard } from './report-card';
import { StatusFilter } from './status-filter';

export function ReportsTab() {
  const { t } = useTranslation('moderation');
  const filterLabel = {
    pending: t('reports.filter.pending'),
    reviewed: t('reports.filter.reviewed'),
    resolved: t('reports.filter.resolved'),
  } satisfies Record<ReportStatus, string>;
  const id = useId();
  const [status, setStatus] = useState<ReportStatus>('pending');
  const reports = useReports(status);
  // A report handled while several pages are loaded may shift another onto two pages.
  const items = [...new Map((reports.data?.pages.flat() ?? []).map((r) => [r.id, r])).values()];

  // After an action the handled card leaves the list with the focused button: focus goes to
  // the next report (or the one before, or the status filter when none is left).
  const handled = useRef<{ id: number; next: number | null } | null>(null);
  const onHandled = (reportId: number) => {
    const index = items.findIndex((r) => r.id === reportId);
    handled.current = { id: reportId, next: (items[index + 1] ?? items[index - 1])?.id ?? null };
  };
  const ids = items.map((r) => r.id).join(',');
  useEffect(() => {
    const h = handled.current;
    if (!h) return;
    const stillListed = ids.split(',').includes(String(h.id));
    const target = stillListed
      ? document.getElementById(`report-${h.id}-title`)
      : h.next !== null
        ? document.getElementById(`report-${h.next}-title`)
        : document.getElementById(`${id}-status`);
    if (!stillListed || !document.activeElement || document.activeElement === document.body) {
      handled.current = null;
      target?.focus();
    }
  }, [ids, id]);

  return (
    <div className="grid gap-5">
      <StatusFilter
        id={`${id}-status`}
        value={status}
        statuses={reportStatuses}
        labels={filterLabel}
        onChange={setStatus}
      />

      {reports.isLoading ? (
        // A status says it is loading: a plain block may not carry a name (axe aria-prohibited-attr).
        <div className="grid gap-4" role="status" aria-busy="true">
          <span className="sr-only">{t('reports.loading')}</span>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-56" />
          ))}
        </div>
      ) : reports.isError ? (
        <Card className="p-8 text-center">
          <p className="font-semibold">{t('reports.failed')}</p>
          <Button className="mt-4" variant="outline" onClick={() => void reports.refetch()}>
            {t('shared.tryAgain')}
          </Button>
        </Card>
      ) : items.length > 0 ? (
        <>
          <ul className="grid gap-4" aria-label={filterLabel[status]}>
            {items.map((report) => (
              <li key={report.id}>
                <ReportCard report={report} onHandled={onHandled} />
              </li>
            ))}
          </ul>
          {reports.hasNextPage && (
            <Button
              variant="outline"
              className="justify-self-center"
              disabled={reports.isFetchingNextPage}
              onClick={() => void reports.fetchNextPage()}
            >
              {reports.isFetchingNextPage ? t('shared.loadingMore') : t('shared.loadMore')}
            </Button>
          )}
        </>
      ) : (
        <EmptyState
          icon={Inbox}
          tone="sage"
          titleAs="h2"
          title={t(`reports.empty.${status}`)}
          text={status === 'pending' ? t('reports.caughtUp') : undefined}
        />
      )}
    </div>
  );
}
