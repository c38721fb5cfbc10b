import { useTranslation } from 'react-i18next';
import { Badge } from '../../components/ui/badge';
import { awayDay } from '../../lib/away';

/** "Away until 12 Jan" on a listing whose owner is away: it cannot be reserved meanwhile. */
export function AwayNote({ until, className }: { until?: string; className?: string }) {
  const { t, i18n } = useTranslation('browse');
  if (!until) return null;
  return (
    <Badge tone="muted" className={className}>
      {t('card.awayUntil', { date: awayDay(until, i18n.language) })}
    </Badge>
  );
}
