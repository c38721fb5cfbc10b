import { Droplets, UtensilsCrossed } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { freshnessOf } from '../../../../common/cultures/freshness';
import type { Starter } from '../../../../common/listings/starters';
import { Button } from '../../components/ui/button';
import { toast, toastError } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { useMessageText } from '../../lib/message-text';
import { useHydrated } from '../../lib/use-hydrated';
import { cn } from '../../lib/cn';
import { useMarkFed } from './starters-api';

/** A claimed listing has gone to its new kitchen: nobody here needs to feed it any more. */
const isClaimed = (starter: Starter) => starter.isClaimed || starter.status === 'claimed';

/**
 * "Fed 2 days ago" for an active culture with a last feed, and "May need a feed" once it is
 * past its care card's figure. Nothing for other forms, an unknown last feed or a claimed one.
 */
export function FreshnessNote({ starter, className }: { starter: Starter; className?: string }) {
  const { t } = useTranslation('browse');
  const hydrated = useHydrated();
  const freshness = freshnessOf(starter, new Date(), hydrated ? 'viewer' : 'utc');
  if (!freshness || isClaimed(starter)) return null;
  const days = freshness.daysSinceFed;
  return (
    <p className={cn('flex flex-wrap items-center gap-x-2 gap-y-1 text-sm', className)}>
      <span className="flex items-center gap-1.5 text-muted" suppressHydrationWarning>
        <Droplets className="size-4 shrink-0" aria-hidden />
        {days === 0
          ? t('card.fedToday')
          : days === 1
            ? t('card.fedYesterday')
            : t('card.fedDaysAgo', { days })}
      </span>
      {freshness.mayNeedFeed && (
        <span className="rounded-full bg-accent-soft px-2 py-0.5 text-xs font-medium text-accent-hover dark:text-accent">
          {t('card.mayNeedFeed')}
        </span>
      )}
    </p>
  );
}

/**
 * The owner's nudge on an active culture past its figure ("Not fed for 9 days — feed it and
 * tap Fed today"), and the Fed today button itself for any active culture of theirs.
 */
export function FeedReminder({ starter, compact }: { starter: Starter; compact?: boolean }) {
  const { t } = useTranslation('starters');
  const say = useMessageText();
  const markFed = useMarkFed();
  if (starter.form !== 'active' || starter.removedAt || isClaimed(starter)) return null;
  const freshness = freshnessOf(starter);
  const overdue = !!freshness?.mayNeedFeed;
  if (compact && !overdue) return null;
  const fedToday = freshness?.daysSinceFed === 0;
  return (
    <div
      className={cn(
        'flex flex-wrap items-center justify-between gap-2 rounded-xl p-3 text-sm',
        overdue ? 'border border-accent/40 bg-accent-soft/60' : 'bg-surface-muted',
      )}
    >
      <p className="flex items-center gap-2 font-medium">
        <UtensilsCrossed className="size-4 shrink-0" aria-hidden />
        {overdue
          ? t('feed.overdue', { days: freshness.daysSinceFed })
          : fedToday
            ? t('feed.thanks')
            : t('feed.nudge')}
      </p>
      {!fedToday && (
        <Button
          size="sm"
          variant={overdue ? 'primary' : 'outline'}
          disabled={markFed.isPending}
          aria-label={compact ? t('feed.buttonLabel', { title: starter.title }) : undefined}
          onClick={() =>
            markFed.mutate(starter.id, {
              onSuccess: () => toast({ title: t('toast.success'), description: t('feed.saved') }),
              onError: (err) => toastError(say(errorMessage(err, t('feed.failed'))), say('Error')),
            })
          }
        >
          {t('feed.button')}
        </Button>
      )}
    </div>
  );
}
