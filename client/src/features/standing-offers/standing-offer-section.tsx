import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Repeat } from 'lucide-react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { ApiError } from '../../lib/api';
import { useStandingOffer } from './standing-offers-api';
import { GiverPanel } from './giver-panel';
import { MemberPanel } from './member-panel';

/**
 * The "Standing offer" part of a starter's page: the giver sets it up, pauses it and offers a
 * round; a member joins the line, sees their place and answers their offer. Nothing shows for
 * a starter without one, except to its giver.
 */
export function StandingOfferSection({ starterId }: { starterId: number }) {
  const { t } = useTranslation('living');
  const query = useStandingOffer(starterId);
  const headingId = useId();
  const view = query.data;

  if (query.isError) {
    // A starter one may not see: its own page already says so.
    if (query.error instanceof ApiError && query.error.status === 404) return null;
    return (
      <Card className="grid gap-3 p-5" role="alert">
        <p className="font-medium">{t('offers.loadFailed')}</p>
        <Button
          variant="outline"
          size="sm"
          className="justify-self-start"
          onClick={() => void query.refetch()}
        >
          {t('common.tryAgain')}
        </Button>
      </Card>
    );
  }
  if (!view) {
    return (
      <div aria-hidden className="grid gap-3">
        <Skeleton className="h-6 w-40" />
        <Skeleton className="h-16 w-full" />
      </div>
    );
  }
  if (!view.offer && !view.isGiver) return null;

  return (
    <Card className="grid gap-3 p-5">
      <section aria-labelledby={headingId} className="grid gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <Repeat className="size-4 text-sage" aria-hidden />
          <h2 id={headingId} className="font-semibold">
            {t('offers.heading')}
          </h2>
          {view.offer?.paused && <Badge tone="muted">{t('offers.paused')}</Badge>}
        </div>
        {view.isGiver ? <GiverPanel view={view} /> : <MemberPanel view={view} />}
      </section>
    </Card>
  );
}
