import { ThumbsUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';
import { positiveShare, type UserSummary } from '../../../../common/conversations/handovers';
import { useMemberSummary } from './handovers-api';
import { conversationsT, type ConversationsT } from '../../lib/conversations-t';

/**
 * "Usually replies within a few hours", from the median hours to a first reply over the
 * member's recent conversations (null, shown as nothing, below three). Broad wording on
 * purpose: a few answers make no exact promise (decision 076).
 */
export function replyTimeText(
  hours: number | null | undefined,
  t: ConversationsT = conversationsT,
): string | null {
  if (hours === null || hours === undefined) return null;
  if (hours <= 1) return t('reliability.withinHour');
  if (hours <= 6) return t('reliability.withinHours');
  if (hours <= 24) return t('reliability.withinDay');
  if (hours <= 72) return t('reliability.withinDays');
  return t('reliability.slow');
}

/**
 * "92% positive · 12 ratings"; below three ratings only how many, in words ("Two ratings so
 * far"): one 👎 among two is no percentage to judge a neighbour by (decision 168).
 */
export function ratingsText(summary: UserSummary, t: ConversationsT = conversationsT): string {
  const { ratings, percent } = positiveShare(summary);
  return percent === null
    ? t('reliability.ratings', { count: ratings })
    : t('reliability.positive', { percent, count: ratings });
}

/** The counts as sentences, so a screen reader hears the same as the eye sees. */
export function summaryLines(summary: UserSummary, t: ConversationsT = conversationsT): string[] {
  const lines = [t('reliability.given', { given: summary.given, received: summary.received })];
  const reply = replyTimeText(summary.replyHours, t);
  if (reply) {
    lines.push(
      summary.replyRate === null
        ? reply
        : t('reliability.replyRate', { reply, rate: Math.round(summary.replyRate * 100) }),
    );
  }
  if (summary.kitchensReached > 0)
    lines.push(t('reliability.kitchens', { count: summary.kitchensReached }));
  // No-shows and late cancellations of the year, once there is a hand-over or one of them.
  const { noShows365d: noShows, lateCancellations365d: late } = summary;
  if (noShows > 0 || late > 0 || summary.given + summary.received > 0) {
    lines.push(t('reliability.lastYear', { noShows, late }));
  }
  return lines;
}

/**
 * A member's public reliability: the share of 👍 (or how many ratings, below three), gifts
 * both ways, how fast they reply, no-shows and late cancellations of the year. Counts only:
 * individual notes are never shown to the public.
 */
export function ReliabilitySummary({
  userId,
  className,
}: {
  userId: string | null | undefined;
  className?: string;
}) {
  const { t } = useTranslation('conversations');
  const query = useMemberSummary(userId);
  if (!userId) return null;
  if (query.isPending) return <Skeleton className={cn('h-10 w-full', className)} />;
  if (query.isError) return null;
  const summary = query.data;
  return (
    <div
      className={cn('grid gap-1 text-sm', className)}
      aria-label={t('reliability.label')}
      role="group"
    >
      <p className="flex items-center gap-1">
        <ThumbsUp className="size-4 text-sage" aria-hidden />
        {ratingsText(summary, t)}
      </p>
      {summaryLines(summary, t).map((line) => (
        <p key={line} className="text-muted">
          {line}
        </p>
      ))}
    </div>
  );
}
