import { Scale } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ReviewItem, ReviewVerdict } from '../../../../common/moderation/review';
import type { ScreeningCode } from '../../../../common/moderation/screening';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/message-card';
import { Skeleton } from '../../components/ui/skeleton';
import { toast, toastFailure } from '../../components/ui/toast';
import { useReviewQueue, useReviewVerdict } from './review-api';

/** One held or reported item: its words alone, why it waits, and the two verdicts. */
function ReviewCard({ item }: { item: ReviewItem }) {
  const { t } = useTranslation(['moderation', 'conversations']);
  const send = useReviewVerdict();
  const what = item.title ?? item.text.slice(0, 60);
  const rules = item.codes
    .map((code) => t(`screeningRules.${code as ScreeningCode}.name`))
    .join(', ');
  const decide = (verdict: ReviewVerdict) =>
    send.mutate(
      { id: item.id, verdict },
      {
        onSuccess: ({ status }) => toast({ title: t(`review.done.${status}`) }),
        onError: toastFailure(t('review.sendFailed')),
      },
    );
  return (
    <li>
      <Card className="grid gap-3 p-4">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone="muted">{t(`review.kinds.${item.kind}`)}</Badge>
          {item.split && <Badge tone="danger">{t('review.split')}</Badge>}
        </div>
        {item.title && <h2 className="text-lg font-semibold break-words">{item.title}</h2>}
        <p className="break-words whitespace-pre-line">{item.text}</p>
        {rules && <p className="text-sm text-muted">{t('review.rules', { codes: rules })}</p>}
        {item.reason && (
          <p className="text-sm text-muted">
            {t('review.reported', {
              reason: t(`conversations:report.reasons.${item.reason}`),
            })}
          </p>
        )}
        {item.votes && <p className="text-sm text-muted">{t('review.votes', item.votes)}</p>}
        <div className="grid grid-cols-2 gap-2">
          <Button
            type="button"
            aria-label={t('review.releaseLabel', { what })}
            disabled={send.isPending}
            onClick={() => decide('release')}
          >
            {t('review.release')}
          </Button>
          <Button
            type="button"
            variant="outline"
            aria-label={t('review.hideLabel', { what })}
            disabled={send.isPending}
            onClick={() => decide('hide')}
          >
            {t('review.hide')}
          </Button>
        </div>
      </Card>
    </li>
  );
}

/** The trusted member's review queue (decision 165), oldest first, split ones at the top. */
export function ReviewQueue() {
  const { t } = useTranslation('moderation');
  const queue = useReviewQueue();
  if (queue.isLoading) return <Skeleton className="h-40" />;
  if (queue.isError || !queue.data) return <p className="text-danger">{t('review.failed')}</p>;
  if (queue.data.length === 0) {
    return <EmptyState icon={Scale} titleAs="h2" title={t('review.empty')} />;
  }
  return (
    <ul className="grid gap-4">
      {queue.data.map((item) => (
        <ReviewCard key={item.id} item={item} />
      ))}
    </ul>
  );
}
