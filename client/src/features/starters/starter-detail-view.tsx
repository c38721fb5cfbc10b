import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, CalendarDays, Flag, MapPin, MessageCircle } from 'lucide-react';
import { OTHER_SUBCATEGORY, subcategoryLabel } from '../../../../common/listings/catalogue';
import { ownerName } from '../../../../common/members/display';
import type { Starter } from '../../../../common/listings/starters';
import { Avatar } from '../../components/ui/avatar';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { LoadingNote, Skeleton } from '../../components/ui/skeleton';
import { timeAgo } from '../../lib/time';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCurrentUser } from '../../lib/current-user';
import { CategoryBadge, ClaimedBadge } from './category-badge';
import { FeedReminder, FreshnessNote } from './freshness';
import { ListingFacts } from './listing-facts';
import { StarterActionsMenu } from './starter-actions';
import { AwayNote } from './away-note';
import { ShareStarterButton } from './share-starter';
import { useStarterDialogs } from './starter-dialogs';
import { StarterGallery } from './starter-gallery';
import { StarterRemovalNotice } from './starter-removal-notice';
import { HeldForReviewNotice } from './held-for-review-notice';
import { useStarter } from './starters-api';
import { StarterDistance } from './starter-distance';
import { paths } from '../../lib/paths';
import { useSearchParamsLatest } from '../../lib/use-search-params-latest';
import { ApiError } from '../../lib/api';
import { parseStarterId } from '../../lib/starter-id';

function BackLink() {
  const { t } = useTranslation('starters');
  // Back to the browse filters and page the member came from (the card passes them along).
  const backTo = (useLocation().state as { backTo?: unknown } | null)?.backTo;
  const to =
    typeof backTo === 'string' && backTo.startsWith(`${paths.browse}?`) ? backTo : paths.browse;
  return (
    <Link
      to={to}
      className="inline-flex min-h-11 items-center gap-1.5 rounded text-sm font-medium text-accent-hover hover:underline dark:text-accent"
    >
      <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden />
      {t('detail.backToBrowse')}
    </Link>
  );
}

/** Open Graph tags for the starter while its page is open (the server sets them for bots). */
function useOpenGraph(starter: Starter | undefined) {
  useEffect(() => {
    if (!starter) return;
    const origin = window.location.origin;
    const tags: Record<string, string> = {
      'og:type': 'article',
      'og:site_name': 'CultureShare',
      'og:title': starter.title,
      'og:description': starter.description.slice(0, 200),
      'og:url': `${origin}/starter/${starter.id}`,
    };
    if (starter.imagePath) tags['og:image'] = `${origin}${starter.imagePath}`;
    // The server already wrote these tags when this page was the first one loaded.
    const touched: HTMLMetaElement[] = [];
    for (const [property, content] of Object.entries(tags)) {
      let meta = document.head.querySelector<HTMLMetaElement>(`meta[property="${property}"]`);
      if (!meta) {
        meta = document.createElement('meta');
        meta.setAttribute('property', property);
        document.head.appendChild(meta);
      }
      meta.setAttribute('content', content);
      touched.push(meta);
    }
    const description = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    const previous = description?.content;
    if (description) description.content = starter.description.slice(0, 160);
    return () => {
      touched.forEach((m) => m.remove());
      if (description && previous !== undefined) description.content = previous;
    };
  }, [starter]);
}

function DetailSkeleton() {
  return (
    <div className="mt-6 grid gap-8 lg:grid-cols-[3fr_2fr]" aria-hidden>
      <Skeleton className="aspect-[4/3] w-full" />
      <div className="grid content-start gap-4">
        <Skeleton className="h-6 w-32" />
        <Skeleton className="h-9 w-3/4" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-5/6" />
        <Skeleton className="h-32 w-full" />
      </div>
    </div>
  );
}

function Message({ title }: { title: string }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <Card className="p-8 text-center" role="alert">
        <h1 className="text-2xl font-bold">{title}</h1>
        <div className="mt-6">
          <BackLink />
        </div>
      </Card>
    </div>
  );
}

/**
 * A dialog of this page that `?dialog=<name>` opens on arrival: signing in or joining from it
 * comes back that way (decision 048). Closing drops the parameter, so a reload or Back does
 * not open it again.
 */
function useDialogFromUrl(name: 'message' | 'report') {
  const [params, setParams] = useSearchParamsLatest();
  const param = paths.starterDialog.param;
  const [open, setOpen] = useState(() => params.get(param) === name);
  const change = (next: boolean) => {
    setOpen(next);
    if (!next && params.get(param) === name)
      setParams(
        (current) => {
          current.delete(param);
          return current;
        },
        { replace: true },
      );
  };
  return [open, change] as const;
}

/**
 * The starter's type in the page's language, and its own specific type when the member wrote
 * one (not when it is just the type's name, in English or in this language).
 */
function useTypeText(): (starter: Starter) => string {
  const { t } = useTranslation(['common', 'starters']);
  return (starter) => {
    const english = subcategoryLabel(starter.category, starter.subcategory);
    const label =
      starter.subcategory === OTHER_SUBCATEGORY
        ? t('starters:type.other')
        : t(`subcategories.${starter.subcategory}` as 'subcategories.kefir', {
            defaultValue: english,
          });
    const own = starter.starterType;
    return own && own !== english && own !== label ? `${label} · ${own}` : label;
  };
}

/** /starter/:id (spec §2). */
export function StarterDetailView({ rawId }: { rawId: string | undefined }) {
  const { t } = useTranslation(['starters', 'browse']);
  const typeText = useTypeText();
  const id = parseStarterId(rawId);
  const query = useStarter(id);
  const { user } = useCurrentUser();
  const { MessageDialog, ReportDialog, MemberSummary, FamilyLinks } = useStarterDialogs();
  const [messageOpen, setMessageOpen] = useDialogFromUrl('message');
  const [reportOpen, setReportOpen] = useDialogFromUrl('report');
  const starter = query.data;
  useDocumentTitle(
    id === null ? t('detail.invalidId') : (starter?.title ?? t('detail.titleFallback')),
  );
  useOpenGraph(starter);

  if (id === null) return <Message title={t('detail.invalidId')} />;
  if (query.isError) {
    const gone = query.error instanceof ApiError && query.error.status === 404;
    return <Message title={gone ? t('detail.gone') : t('detail.failed')} />;
  }

  const isOwner = !!user && !!starter && user.id === starter.userId;
  // A link back to the message dialog may outlive the chance to ask (claimed, or now the owner).
  const canAsk = !!starter && !isOwner && !starter.isClaimed && starter.canMessage !== false;

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-10">
      <BackLink />
      {!starter ? (
        <>
          <LoadingNote>{t('detail.loading')}</LoadingNote>
          <DetailSkeleton />
        </>
      ) : (
        <div className="mt-4 grid gap-4 sm:mt-6 lg:grid-cols-[3fr_2fr] lg:items-start lg:gap-8">
          {/* What the page is, before anything else: the page people share. */}
          <p className="font-semibold text-sage lg:col-span-2">{t('detail.free')}</p>
          <StarterGallery
            starter={starter}
            className="rounded-2xl border border-border shadow-sm"
          />
          <div className="grid gap-5">
            <div className="flex items-start justify-between gap-3">
              <div className="flex flex-wrap items-center gap-2">
                <CategoryBadge category={starter.category} />
                {starter.isClaimed && <ClaimedBadge />}
                {!starter.isClaimed && <AwayNote until={starter.ownerAwayUntil} />}
                {starter.removedAt && <Badge tone="danger">{t('browse:card.removed')}</Badge>}
              </div>
              {user && (
                <StarterActionsMenu starter={starter} isOwner={isOwner} afterDelete="browse" />
              )}
            </div>
            <div>
              <h1 className="text-3xl font-bold tracking-tight wrap-anywhere">{starter.title}</h1>
              <p className="mt-1 font-medium text-sage">{typeText(starter)}</p>
            </div>
            <StarterRemovalNotice starter={starter} isOwner={isOwner} />
            <HeldForReviewNotice starter={starter} isOwner={isOwner} />
            {starter.hiddenByReports && (
              <div
                role="status"
                className="rounded-xl border border-border bg-accent-soft/50 p-3 text-sm"
              >
                <p className="font-medium">{t('detail.hiddenTitle')}</p>
                <p>{t('detail.hiddenBody')}</p>
              </div>
            )}
            <p className="leading-relaxed wrap-anywhere whitespace-pre-line">
              {starter.description}
            </p>
            {starter.customDescription && (
              <section aria-labelledby="additional-details">
                <h2 id="additional-details" className="font-semibold">
                  {t('detail.additionalDetails')}
                </h2>
                <p className="mt-1 leading-relaxed wrap-anywhere whitespace-pre-line text-muted">
                  {starter.customDescription}
                </p>
              </section>
            )}
            <ListingFacts starter={starter} />
            <FreshnessNote starter={starter} />
            {/* Above the parts that load after the page, so it never moves under a finger. */}
            {isOwner ? (
              <>
                {starter.isClaimed && (
                  <p className="rounded-xl bg-sage-soft p-4 text-center font-medium text-sage">
                    {t('detail.claimed')}
                  </p>
                )}
                {/* Where a giver lands after posting: telling neighbours is the next step. */}
                <ShareStarterButton starter={starter} className="sm:justify-self-start" />
              </>
            ) : (
              // On a phone this row dissolves into the column, so the main button can stay at
              // the bottom of the screen while the whole column scrolls past.
              <div className="flex gap-3 max-sm:contents sm:flex-row">
                {canAsk && (
                  // flex-1 only in a row (in the phone's column it squeezed it to 24 px).
                  <div className="max-sm:sticky max-sm:bottom-0 max-sm:z-30 max-sm:-mx-4 max-sm:border-t max-sm:border-border max-sm:bg-bg max-sm:px-4 max-sm:py-3 sm:flex sm:flex-1">
                    <Button
                      className="w-full sm:flex-1"
                      size="lg"
                      onClick={() => setMessageOpen(true)}
                    >
                      <MessageCircle className="size-5" aria-hidden />
                      {user ? t('browse:card.messageOwner') : t('browse:card.signInToMessage')}
                    </Button>
                  </div>
                )}
                <ShareStarterButton starter={starter} />
                {user && (
                  <Button variant="outline" size="lg" onClick={() => setReportOpen(true)}>
                    <Flag className="size-4" aria-hidden />
                    {t('detail.report')}
                  </Button>
                )}
              </div>
            )}
            {isOwner && <FeedReminder starter={starter} />}
            {FamilyLinks && <FamilyLinks starter={starter} isOwner={isOwner} />}
            <Card className="grid gap-3 p-5">
              <h2 className="text-sm font-semibold text-muted">{t('detail.sharedBy')}</h2>
              <div className="flex items-center gap-3">
                <Avatar person={starter.user} className="size-11" />
                <span className="font-semibold">{ownerName(starter.user)}</span>
              </div>
              <p className="flex items-center gap-2 text-sm text-muted">
                <MapPin className="size-4 shrink-0" aria-hidden />
                {starter.location}
              </p>
              <StarterDistance starterId={starter.id} />
              {/* The page sent rendered said it some seconds before the app takes it over. */}
              <p className="flex items-center gap-2 text-sm text-muted" suppressHydrationWarning>
                <CalendarDays className="size-4 shrink-0" aria-hidden />
                {timeAgo(starter.createdAt)}
              </p>
              {MemberSummary && (
                <MemberSummary userId={starter.userId} name={ownerName(starter.user)} />
              )}
            </Card>
          </div>
          <MessageDialog
            starter={starter}
            open={messageOpen && canAsk}
            onOpenChange={setMessageOpen}
          />
          {user && !isOwner && (
            <ReportDialog starter={starter} open={reportOpen} onOpenChange={setReportOpen} />
          )}
        </div>
      )}
    </div>
  );
}
