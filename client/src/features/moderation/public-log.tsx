import { ScrollText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ModerationLogEntry } from '../../../../common/moderation/moderation-log';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/message-card';
import { Skeleton } from '../../components/ui/skeleton';
import { useModerationLog } from './moderation-log-api';
import { useDateText, useRemovalReasonLabel } from './texts';

function LogEntry({ entry }: { entry: ModerationLogEntry }) {
  const { t } = useTranslation('moderation');
  const ruleLabel = useRemovalReasonLabel();
  const { dateTime } = useDateText();
  return (
    <li className="grid gap-1 p-4">
      <p className="font-semibold">{t(`log.actions.${entry.action}`)}</p>
      {entry.member !== undefined && (
        <p className="text-sm wrap-anywhere">
          {t('log.banned', { member: entry.member ?? t('people.aMember') })}
        </p>
      )}
      <p className="text-sm text-muted">{entry.rule ? ruleLabel(entry.rule) : t('log.noRule')}</p>
      <p className="flex flex-wrap gap-x-3 text-sm text-muted">
        <span>{entry.place ?? t('log.somewhere')}</span>
        <time dateTime={entry.at}>{dateTime(entry.at)}</time>
      </p>
    </li>
  );
}

/** The public moderation log (decision 167): anyone may read what was done, and where. */
export function PublicModerationLog() {
  const { t } = useTranslation('moderation');
  const log = useModerationLog();
  if (log.isLoading) return <Skeleton className="h-40" />;
  if (log.isError || !log.data) return <p className="text-danger">{t('log.failed')}</p>;
  const entries = log.data.pages.flat();
  if (entries.length === 0) {
    return <EmptyState icon={ScrollText} titleAs="h2" title={t('log.empty')} />;
  }
  return (
    <div className="grid gap-4">
      <Card>
        <ol aria-label={t('log.list')} className="divide-y divide-border">
          {entries.map((entry, index) => (
            <LogEntry key={`${entry.at}-${index}`} entry={entry} />
          ))}
        </ol>
      </Card>
      {log.hasNextPage && (
        <div>
          <Button
            variant="outline"
            disabled={log.isFetchingNextPage}
            onClick={() => void log.fetchNextPage()}
          >
            {log.isFetchingNextPage ? t('log.loading') : t('log.more')}
          </Button>
        </div>
      )}
    </div>
  );
}
