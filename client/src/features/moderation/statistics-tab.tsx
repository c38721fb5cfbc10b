import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { useReportStats } from './moderation-api';

/** Counts come from the server, across every report — not from the list on screen. */
export function StatisticsTab() {
  const stats = useReportStats();
  if (stats.isLoading) return <Skeleton className="h-32" />;
  if (stats.isError || !stats.data) {
    return <p className="text-danger">Failed to load statistics</p>;
  }
  const counters = [
    { label: 'Pending', value: stats.data.pending, tone: 'text-accent-hover dark:text-accent' },
    { label: 'Reviewed', value: stats.data.reviewed, tone: 'text-sage' },
    { label: 'Resolved', value: stats.data.resolved, tone: 'text-sage' },
    { label: 'Total', value: stats.data.total, tone: 'text-text' },
  ];
  return (
    <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      {counters.map((c) => (
        <Card key={c.label} className="p-5">
          <dt className="text-sm font-medium text-muted">{c.label}</dt>
          <dd className={`mt-1 text-3xl font-bold ${c.tone}`}>{c.value}</dd>
        </Card>
      ))}
    </dl>
  );
}
