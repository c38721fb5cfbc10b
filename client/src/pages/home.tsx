import { Link } from 'react-router';
import { ArrowRight, CalendarClock, MessageCircle, Sprout } from 'lucide-react';
import { displayName } from '../../../common/members/display';
import { HOME_LISTINGS, type HomeAnswer } from '../../../common/site/site';
import {
  CategoryShowcase,
  CommunityValues,
  HowItWorks,
  Hero,
} from '../features/content/landing-sections';
import { useDueCheckins } from '../features/checkins/checkins-api';
import { useConversations } from '../features/messages/messages-api';
import { DonationCta } from '../features/site/donation-cta';
import { NearbyMeetCard } from '../features/meets/meet-list';
import { useHome } from '../features/site/home-api';
import { NeedsYou, type NeedsYouItem } from '../features/site/needs-you';
import { SiteFiguresLine } from '../features/site/site-figures';
import { useMyStandingOffers } from '../features/standing-offers/standing-offers-api';
import { StarterTile } from '../features/starters/starter-tile';
import { Skeleton } from '../components/ui/skeleton';
import { useCurrentUser } from '../lib/current-user';
import { memberLocale } from '../lib/i18n';
import { paths } from '../lib/paths';
import { usePageTitle } from '../lib/use-document-title';
import { useTranslation } from 'react-i18next';

const icon = 'size-5';
/** "Sat, Nov 28, 10:00 AM" in en-US; in the member's locale ("Sa., 28. Nov., 10:00"). */
const when = (iso: string) =>
  new Date(iso).toLocaleString(memberLocale(), {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
  });

/**
 * What waits for a signed-in member, from each feature's own call: replies they owe, check-ins
 * due, and their standing offers (decision 046). A hand-over to confirm is not repeated here: the
 * notices banner above every page asks it with Received and It didn't happen.
 */
function useNeedsYou(signedIn: boolean): NeedsYouItem[] {
  const conversations = useConversations(signedIn).data ?? [];
  const checkins = useDueCheckins(signedIn).data ?? [];
  const offers = useMyStandingOffers(signedIn).data;
  const { t } = useTranslation('home');
  if (!signedIn) return [];
  const items: NeedsYouItem[] = [];
  for (const c of conversations.filter((c) => c.awaitingReply)) {
    items.push({
      key: `reply-${c.starterId}-${c.otherUser.id}`,
      icon: <MessageCircle className={icon} aria-hidden />,
      text: t('needsYou.reply', { name: displayName(c.otherUser), title: c.starterTitle }),
      action: {
        label: t('needsYou.replyAction'),
        to: paths.conversation.href(c.starterId, c.otherUser.id),
      },
    });
  }
  for (const c of checkins) {
    items.push({
      key: `checkin-${c.id}`,
      icon: <Sprout className={icon} aria-hidden />,
      // The check-in's one-click answers are on every page, just above this.
      text: t('needsYou.checkin', { title: c.starter.title }),
    });
  }
  for (const o of offers?.offeredToMe ?? []) {
    items.push({
      key: `turn-${o.offerId}`,
      icon: <CalendarClock className={icon} aria-hidden />,
      text: t('needsYou.turn', { title: o.title, when: when(o.answerBy) }),
      action: { label: t('needsYou.answerAction'), to: paths.starter.href(o.starterId) },
    });
  }
  for (const o of offers?.giving ?? []) {
    items.push({
      key: `standing-${o.starterId}`,
      icon: <CalendarClock className={icon} aria-hidden />,
      text: o.paused
        ? t('needsYou.standingPaused', { title: o.title, count: o.waiting })
        : t('needsYou.standingNext', {
            title: o.title,
            count: o.waiting,
            when: when(o.nextRoundAt),
          }),
      action: { label: t('needsYou.manageAction'), to: paths.starter.href(o.starterId) },
    });
  }
  return items;
}

/** The newest listings, or the closest to the member's place (the server decides, never by IP). */
function JustShared({ home }: { home: HomeAnswer | undefined }) {
  const near = home?.nearby.near ?? null;
  const list = home?.nearby.starters;
  const { t } = useTranslation('home');
  if (list && list.length === 0) return null;
  return (
    <section aria-labelledby="just-shared" className="mx-auto max-w-6xl px-4 pt-12 pb-4">
      <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-1">
        <div>
          <h2 id="just-shared" className="text-2xl font-bold sm:text-3xl">
            {near ? t('justShared.titleNear') : t('justShared.title')}
          </h2>
          <p className="mt-1 text-sm text-muted">
            {near ? t('justShared.introNear', { place: near }) : t('justShared.intro')}
          </p>
        </div>
        <Link
          to={near ? `${paths.browse}?sort=closest` : paths.browse}
          className="inline-flex min-h-11 items-center gap-1 font-medium text-accent-hover underline-offset-2 hover:underline dark:text-accent"
        >
          {t('justShared.seeAll')}
          <ArrowRight className="size-4 rtl:-scale-x-100" aria-hidden />
        </Link>
      </div>
      <ul className="mt-5 grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-6">
        {list
          ? list.map((starter) => (
              <li key={starter.id}>
                <StarterTile starter={starter} />
              </li>
            ))
          : Array.from({ length: HOME_LISTINGS }, (_, i) => (
              <li key={i}>
                <Skeleton className="aspect-[3/4] w-full" />
              </li>
            ))}
      </ul>
    </section>
  );
}

export default function HomePage() {
  usePageTitle('home');
  const { user } = useCurrentUser();
  const home = useHome().data;
  const needsYou = useNeedsYou(!!user);
  return (
    <>
      <NeedsYou items={needsYou} />
      {user?.place && (
        <div className="mx-auto max-w-6xl px-4 pt-6">
          <NearbyMeetCard place={user.place} />
        </div>
      )}
      <Hero figures={home && <SiteFiguresLine figures={home.figures} />} />
      <JustShared home={home} />
      <HowItWorks />
      <CategoryShowcase />
      <CommunityValues />
      <DonationCta />
    </>
  );
}
