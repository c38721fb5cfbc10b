import { lazy, Suspense, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MapPin, MessageCircle } from 'lucide-react';
import { ownerName } from '../../../../common/members/display';
import type { Starter } from '../../../../common/listings/starters';
import { Avatar } from '../../components/ui/avatar';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { timeAgo } from '../../lib/time';
import { useCurrentUser } from '../../lib/current-user';
import { useDistanceText } from '../../lib/unit-system';
import { CategoryBadge, ClaimedBadge, TypeBadge } from './category-badge';
import { FreshnessNote } from './freshness';
import { ListingFacts } from './listing-facts';
import { useStarterDialogs } from './starter-dialogs';
import { StarterImage } from './starter-image';
import { AwayNote } from './away-note';
import { paths } from '../../lib/paths';
import { signInHref } from '../../lib/sign-in-return';

const alwaysReachable = () => true;

/** The starter card of spec §2; the whole card opens the starter, except its buttons. */
// Members only (visitors' pages go out rendered without it): kept out of a page's first load.
const StarterActionsMenu = lazy(() =>
  import('./starter-actions').then((m) => ({ default: m.StarterActionsMenu })),
);

export function StarterCard({
  starter,
  photoPriority,
}: {
  starter: Starter;
  /** Set for the first row of a list: its photos are not lazy (see StarterImage). */
  photoPriority?: 'eager' | 'high';
}) {
  const { t } = useTranslation('browse');
  const { user } = useCurrentUser();
  const { MessageDialog, useIsReachable = alwaysReachable } = useStarterDialogs();
  const distanceText = useDistanceText();
  const reachable = useIsReachable(starter.userId);
  const [messageOpen, setMessageOpen] = useState(false);
  const location = useLocation();
  const isOwner = !!user && user.id === starter.userId;

  return (
    <article className="group relative flex flex-col overflow-hidden rounded-2xl border border-border bg-surface shadow-sm transition-shadow focus-within:shadow-md hover:shadow-md">
      <div className="relative">
        <StarterImage starter={starter} variant="thumb" priority={photoPriority} />
        {starter.isClaimed && <ClaimedBadge className="absolute top-3 start-3 shadow-sm" />}
        <TypeBadge starter={starter} className="absolute bottom-3 start-3 shadow-sm" />
        {user && (
          <div className="absolute top-2 end-2 z-10 rounded-full bg-surface/90 shadow-sm">
            <Suspense fallback={<div className="size-9" />}>
              <StarterActionsMenu starter={starter} isOwner={isOwner} />
            </Suspense>
          </div>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
          <CategoryBadge category={starter.category} className="whitespace-nowrap" />
          {/* Seconds pass between the server's HTML and the app taking it over (decision 034). */}
          <span className="text-xs whitespace-nowrap text-muted" suppressHydrationWarning>
            {timeAgo(starter.createdAt)}
          </span>
        </div>
        {starter.hasStandingOffer && !starter.isClaimed && (
          <Badge tone="sage" className="self-start">
            {t('card.standingOffer')}
          </Badge>
        )}
        {!starter.isClaimed && <AwayNote until={starter.ownerAwayUntil} className="self-start" />}
        {starter.removedAt && (
          <Badge tone="danger" className="self-start">
            {t('card.removed')}
          </Badge>
        )}
        {/* h2: cards follow the page's h1 directly (heading order). */}
        <h2 className="text-lg leading-snug font-semibold wrap-anywhere">
          <Link
            to={paths.starter.href(starter.id)}
            state={{ backTo: location.pathname + location.search }}
            className="rounded outline-none after:absolute after:inset-0 after:rounded-2xl focus-visible:after:outline-3 focus-visible:after:outline-focus hover:text-accent-hover dark:hover:text-accent"
          >
            {starter.title}
          </Link>
        </h2>
        <p className="line-clamp-3 text-sm wrap-anywhere text-muted">{starter.description}</p>
        <ListingFacts starter={starter} compact />
        <FreshnessNote starter={starter} />
        <div className="mt-auto flex flex-wrap items-center gap-x-3 gap-y-1 pt-1 text-sm">
          <span className="flex min-w-0 items-center gap-2">
            <Avatar person={starter.user} className="size-7 text-xs" />
            <span className="truncate font-medium">{ownerName(starter.user)}</span>
          </span>
          <span className="flex min-w-0 items-center gap-1 text-muted">
            <MapPin className="size-4 shrink-0" aria-hidden />
            <span className="truncate">{starter.location}</span>
          </span>
          {starter.distanceKm !== undefined && (
            <span className="font-medium whitespace-nowrap">
              {distanceText(starter.distanceKm)}
            </span>
          )}
        </div>
        {!isOwner && !starter.isClaimed && starter.canMessage !== false && reachable && (
          <div className="relative z-10">
            {user ? (
              <Button
                className="w-full max-sm:h-11"
                size="sm"
                // Twelve cards, twelve buttons: each name says which starter.
                aria-label={t('card.messageOwnerLabel', { title: starter.title })}
                onClick={() => setMessageOpen(true)}
              >
                <MessageCircle className="size-4" aria-hidden />
                {t('card.messageOwner')}
              </Button>
            ) : (
              // A link, not a silently disabled button: it says why and leads to signing in.
              <Button asChild className="w-full max-sm:h-11" size="sm" variant="outline">
                <Link
                  // Back to this starter with its message dialog open, not to the list.
                  to={signInHref(paths.starterDialog.href(starter.id, 'message'))}
                  aria-label={t('card.signInToMessageLabel', { title: starter.title })}
                >
                  {t('card.signInToMessage')}
                </Link>
              </Button>
            )}
          </div>
        )}
      </div>
      <MessageDialog starter={starter} open={messageOpen} onOpenChange={setMessageOpen} />
    </article>
  );
}

export function StarterCardSkeleton() {
  return (
    <div className="overflow-hidden rounded-2xl border border-border bg-surface" aria-hidden>
      <Skeleton className="aspect-[4/3] w-full rounded-none" />
      <div className="grid gap-3 p-4">
        <Skeleton className="h-5 w-28" />
        <Skeleton className="h-6 w-3/4" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-5/6" />
        <Skeleton className="h-9 w-full rounded-full" />
      </div>
    </div>
  );
}
