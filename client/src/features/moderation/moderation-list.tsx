import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/message-card';
import { Skeleton } from '../../components/ui/skeleton';

/**
 * A moderation tab's list as its query stands: a placeholder while it loads, the failure with a
 * way to try again, each item as a card in a list named `label`, or, when there is none, the
 * all-clear `empty` says under a heading of `emptyLevel`.
 */
export function ModerationList<Item extends { id: number | string }>({
  query,
  label,
  failed,
  empty,
  emptyLevel = 'h2',
  children,
}: {
  query: { isLoading: boolean; isError: boolean; data: Item[] | undefined; refetch: () => unknown };
  label: string;
  failed: string;
  empty: { icon: LucideIcon; title: string; text?: string };
  emptyLevel?: 'h2' | 'h3';
  children: (item: Item) => ReactNode;
}) {
  const { t } = useTranslation('moderation');
  if (query.isLoading) return <Skeleton className="h-56" />;
  if (query.isError || !query.data) {
    return (
      <Card className="p-8 text-center">
        <p className="font-semibold">{failed}</p>
        <Button className="mt-4" variant="outline" onClick={() => void query.refetch()}>
          {t('shared.tryAgain')}
        </Button>
      </Card>
    );
  }
  if (query.data.length === 0) return <EmptyState tone="sage" titleAs={emptyLevel} {...empty} />;
  return (
    <ul className="grid gap-4" aria-label={label}>
      {query.data.map((item) => (
        <li key={item.id}>{children(item)}</li>
      ))}
    </ul>
  );
}
