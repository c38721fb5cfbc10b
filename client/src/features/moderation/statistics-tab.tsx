import { useTranslation } from 'react-i18next';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { localeTag } from '../../lib/i18n';
import { useReportStats } from './moderation-api';

/** Counts come from the server, across every report — not from the list on screen. */
export function StatisticsTab() {
  const { t } = useTranslation('moderation');
  const stats = useReportStats();
  if (stats.isLoading) return <Skeleton className="h-32" />;
  if (stats.isError || !stats.data) {
    return <p className="text-danger">{t('statistics.failed')}</p>;
  }
  const counters = [
    {
      label: t('statistics.pending'),
      value: stats.data.pending,
      tone: 'text-accent-hover dark:text-accent',
    },
    { label: t('statistics.reviewed'), value: stats.data.reviewed, tone: 'text-sage' },
    { label: t('statistics.resolved'), value: stats.data.resolved, tone: 'text-sage' },
    { label: t('statistics.total'), value: stats.data.total, tone: 'text-text' },
  ];
  return (
    <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      {counters.map((c) => (
        <Card key={c.label} className="p-5">
          <dt className="text-sm font-medium text-muted">{c.label}</dt>
          <dd className={`mt-1 text-3xl font-bold ${c.tone}`}>
            {c.value.toLocaleString(localeTag())}
          </dd>
        </Card>
      ))}
    </dl>
  );
}
