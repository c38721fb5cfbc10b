import { Link } from 'react-router';
import { Cookie, Database, Eye, Lock, Scale, ShieldOff, UserCog } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '../components/ui/card';
import { CheckList } from '../features/content/check-list';
import { ContentPage, PageIntro } from '../features/content/page-intro';
import { useDocumentTitle } from '../lib/use-document-title';
import { pages } from '../../../common/pages';
import { paths } from '../lib/paths';

function PolicySection({
  id,
  icon: Icon,
  title,
  children,
}: {
  id: string;
  icon: LucideIcon;
  title: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <Card className="p-6 sm:p-8">
        <div className="flex items-center gap-3">
          <Icon className="size-5 shrink-0 text-accent-hover dark:text-accent" aria-hidden />
          <h2 id={id} className="text-xl font-bold">
            {title}
          </h2>
        </div>
        <div className="mt-4 grid gap-3 text-sm leading-relaxed">{children}</div>
      </Card>
    </section>
  );
}

const link = 'font-medium text-accent-hover underline underline-offset-4 dark:text-accent';

export default function PrivacyPage() {
  useDocumentTitle(pages.privacy.title);
  return (
    <ContentPage>
      <PageIntro icon={Lock} title="Privacy Policy">
        <p>
          What we collect, why, and who can see it — in plain words. We keep as little as we can and
          never sell it.
        </p>
      </PageIntro>

      <div className="mt-12 grid gap-5">
        <PolicySection id="liability" icon={Scale} title="Liability Disclaimer">
          <p>
            CultureShare is a free platform that puts neighbours in touch. We do not produce,
            inspect, store, transport or hand over any starter, and we cannot vouch for the
            condition of any culture listed here.
          </p>
          <p>
            Every member shares and uses starters at their own risk and is responsible for judging
            whether a culture is safe. Please follow our{' '}
            <Link to={paths.safety} className={link}>
              Safety Guidelines
            </Link>{' '}
            and{' '}
            <Link to={paths.rules} className={link}>
              Community Rules
            </Link>
            . CultureShare is not liable for illness, loss or damage arising from starters exchanged
            through the site.
          </p>
        </PolicySection>

        <PolicySection id="data-we-collect" icon={Database} title="Information We Collect">
          <CheckList
            items={[
              <>
                <strong>Account information</strong> — your name and email address, from our sign-up
                form or from the identity provider you sign in with.
              </>,
              <>
                <strong>Profile information</strong> — the username, location, contact details and
                profile picture you choose to add.
              </>,
              <>
                <strong>Listings and messages</strong> — the starters you post (with their photos)
                and the messages you exchange with other members.
              </>,
              <>
                <strong>Usage data</strong> — basic technical logs such as request times and errors,
                used to keep the site running and to stop abuse.
              </>,
            ]}
          />
          <p>
            Photos are re-encoded when you upload them, which removes hidden details such as the GPS
            position a phone camera may store. Locations are kept as the text you type, never as a
            precise address.
          </p>
        </PolicySection>

        <PolicySection id="how-we-use" icon={UserCog} title="How We Use It">
          <p>
            Only to run CultureShare: to sign you in, show your listings, deliver your messages,
            keep the community safe through moderation and fix problems.
          </p>
        </PolicySection>

        <PolicySection id="no-selling" icon={ShieldOff} title="We Never Sell Your Data">
          <p>
            We do not sell, rent or share your personal information with third parties, and we do
            not show advertising.
          </p>
        </PolicySection>

        <PolicySection id="public-information" icon={Eye} title="What Other Members Can See">
          <p>
            Your listings — title, description, photo, category and location — are public, along
            with your username or name and profile picture. Your email address is never shown on
            listings. Messages are visible only to you and the member you are talking with.
          </p>
        </PolicySection>

        <PolicySection id="cookies" icon={Cookie} title="Cookies">
          <p>
            We use a cookie to keep you signed in, and short-lived ones that last only while you
            sign in. There are no tracking or advertising cookies.
          </p>
        </PolicySection>
      </div>
    </ContentPage>
  );
}
