import { ThumbsDown, ThumbsUp } from 'lucide-react';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';
import type { UserSummary } from '../../../../common/handovers';
import { useMemberSummary } from './handovers-api';

/** "usually replies within 2 hours" from the typical minutes to a first reply. */
export function replyTimeText(minutes: number | null): string | null {
  if (minutes === null) return null;
  if (minutes <= 60) return 'usually replies within an hour';
  const hours = Math.ceil(minutes / 60);
  if (hours < 24) return `usually replies within ${hours} hours`;
  const days = Math.ceil(hours / 24);
  return days === 1 ? 'usually replies within a day' : `usually replies within ${days} days`;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The counts as sentences, so a screen reader hears the same as the eye sees. */
export function summaryLines(summary: UserSummary): string[] {
  const lines = [
    `${plural(summary.given, 'starter', 'starters')} given · ${summary.received} received`,
  ];
  const reply = replyTimeText(summary.typicalReplyMinutes);
  if (reply) {
    const rate =
      summary.replyRate === null ? '' : ` (answers ${Math.round(summary.replyRate * 100)}%)`;
    lines.push(`${reply.charAt(0).toUpperCase()}${reply.slice(1)}${rate}`);
  }
  if (summary.kitchensReached > 0) lines.push(`Kitchens reached: ${summary.kitchensReached}`);
  if (summary.backedOut90d > 0) {
    lines.push(
      `Backed out of ${plural(summary.backedOut90d, 'reservation', 'reservations')} in the last 90 days`,
    );
  }
  return lines;
}

/**
 * A member's public reliability: gifts both ways, 👍/👎 counts, how fast they reply, backed-out
 * reservations. Counts only: individual notes are never shown to the public.
 */
export function ReliabilitySummary({
  userId,
  className,
}: {
  userId: string | null | undefined;
  className?: string;
}) {
  const query = useMemberSummary(userId);
  if (!userId) return null;
  if (query.isPending) return <Skeleton className={cn('h-10 w-full', className)} />;
  if (query.isError) return null;
  const summary = query.data;
  return (
    <div className={cn('grid gap-1 text-sm', className)} aria-label="Reliability" role="group">
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="inline-flex items-center gap-1" title="Thumbs up">
          <ThumbsUp className="size-4 text-sage" aria-hidden />
          <span className="sr-only">Thumbs up:</span>
          {summary.thumbsUp}
        </span>
        <span className="inline-flex items-center gap-1" title="Thumbs down">
          <ThumbsDown className="size-4 text-muted" aria-hidden />
          <span className="sr-only">Thumbs down:</span>
          {summary.thumbsDown}
        </span>
      </p>
      {summaryLines(summary).map((line) => (
        <p key={line} className="text-muted">
          {line}
        </p>
      ))}
    </div>
  );
}
