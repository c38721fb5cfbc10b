import { useTranslation } from 'react-i18next';
import { awayDay } from '../../lib/away';

/** One line over the thread when the other member is away (decision 160). */
export function ThreadAwayLine({ until, otherName }: { until?: string; otherName: string }) {
  const { t, i18n } = useTranslation('conversations');
  if (!until) return null;
  return (
    <p role="status" className="border-b border-border bg-surface-muted px-4 py-2 text-sm">
      {t('thread.away', { name: otherName, date: awayDay(until, i18n.language) })}
    </p>
  );
}
