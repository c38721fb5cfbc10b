import { format } from 'date-fns';
import { Link } from 'react-router';
import { ArrowRight, CalendarClock, MessageCircle, Sprout } from 'lucide-react';
import { displayName } from '../../../common/display';
import { HOME_LISTINGS, type HomeAnswer } from '../../../common/site';
import {
  CategoryShowcase,
  CommunityValues,
  HowItWorks,
  Hero,
} from '../features/content/landing-sections';
import { useDueCheckins } from '../features/checkins/checkins-api';
import { useConversations } from '../features/messages/messages-api';
import { DonationCta } from '../features/site/donation-cta';
import { useHome } from '../features/site/home-api';
import { NeedsYou, type NeedsYouItem } from '../features/site/needs-you';
import { SiteFiguresLine } from '../features/site/site-figures';
import { useMyStandingOffers } from '../features/standing-offers/standing-offers-api';
import { StarterTile } from '../features/starters/starter-tile';
import { Skeleton } from '../components/ui/skeleton';
import { useCurrentUser } from '../lib/current-user';
import { paths } from '../lib/paths';
import { useDocumentTitle } from '../lib/use-document-title';
import { pages } from '../../../common/pages';

const icon = 'size-5';
const when = (iso: string) => format(new Date(iso), 'EEE d MMM, HH:mm');

/**
 * What waits for a signed-in member, from each feature's own call: replies they owe, check-ins
 * due, and their standing offers (decision 046). A hand-over to confirm is not repeated here: the
 * notices banner above every page asks it with Received and It didn't happen.
 */
function useNeedsYou(signedIn: boolean): NeedsYouItem[] {
  const conversations = useConversations(signedIn).data ?? [];
  const checkins = useDueCheckins(signedIn).data ?? [];
  const offers = useMyStandingOffers(signedIn).data;
  if (!signedIn) return [];
  const items: NeedsYouItem[] = [];
  for (const c of conversations.filter((c) => c.awaitingReply)) {
    items.push({
      key: `reply-${c.starterId}-${c.otherUser.id}`,
      icon: <MessageCircle className={icon} aria-hidden />,
      text: `${displayName(c.otherUser)} is waiting for your reply about “${c.starterTitle}”`,
      action: { label: 'Reply', to: paths.conversation.href(c.starterId, c.otherUser.id) },
    });
  }
  for (const c of checkins) {
    items.push({
      key: `checkin-${c.id}`,
      icon: <Sprout className={icon} aria-hidden />,
      // The check-in's one-click answers are on every page, just above this.
      text: `Check-in: how is “${c.starter.title}” doing? Answer in the check-in above.`,
    });
  }
  for (const o of offers?.offeredToMe ?? []) {
    items.push({
      key: `turn-${o.offerId}`,
      icon: <CalendarClock className={icon} aria-hidden />,
      text: `It's your turn for “${o.title}” — answer by ${when(o.answerBy)}`,
      action: { label: 'Answer', to: paths.starter.href(o.starterId) },
    });
  }
  for (const o of offers?.giving ?? []) {
    const waiting = `${o.waiting} ${o.waiting === 1 ? 'member' : 'members'} waiting`;
    items.push({
      key: `standing-${o.starterId}`,
      icon: <CalendarClock className={icon} aria-hidden />,
      text: `Your standing offer of “${o.title}”: ${waiting}, ${o.paused ? 'paused' : `next round ${when(o.nextRoundAt)}`}`,
      action: { label: 'Manage', to: paths.starter.href(o.starterId) },
    });
  }
  return items;
}

/** The newest listings, or the closest to the member's place (the server decides, never by IP). */
function JustShared({ home }: { home: HomeAnswer | undefined }) {
  const near = home?.nearby.near ?? null;
  const list = home?.nearby.starters;
  if (list && list.length === 0) return null;
  return (
    <section aria-labelledby="just-shared" className="mx-auto max-w-6xl px-4 pt-12 pb-4">
      <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-1">
        <div>
          <h2 id="just-shared" className="text-2xl font-bold sm:text-3xl">
            {near ? 'Just Shared Near You' : 'Just Shared'}
          </h2>
          <p className="mt-1 text-sm text-muted">
            {near ? `Closest to ${near} first` : 'The newest starters neighbours are giving away'}
          </p>
        </div>
        <Link
          to={near ? `${paths.browse}?sort=closest` : paths.browse}
          className="inline-flex min-h-11 items-center gap-1 font-medium text-accent-hover underline-offset-2 hover:underline dark:text-accent"
        >
          See All Starters
          <ArrowRight className="size-4" aria-hidden />
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
  useDocumentTitle(pages.home.title);
  const { user } = useCurrentUser();
  const home = useHome().data;
  const needsYou = useNeedsYou(!!user);
  return (
    <>
      <NeedsYou items={needsYou} />
      <Hero figures={home && <SiteFiguresLine figures={home.figures} />} />
      <JustShared home={home} />
      <HowItWorks />
      <CategoryShowcase />
      <CommunityValues />
      <DonationCta />
    </>
  );
}
