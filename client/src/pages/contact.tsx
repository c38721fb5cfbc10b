import { Link } from 'react-router';
import { Compass, ExternalLink, Flag, Mail, ScrollText, ShieldCheck, UserPlus } from 'lucide-react';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { LinkCard } from '../features/content/link-card';
import { ContentPage, PageIntro } from '../features/content/page-intro';
import { useSite } from '../lib/site';
import { useDocumentTitle } from '../lib/use-document-title';
import { pages } from '../../../common/pages';
import { paths } from '../lib/paths';

export default function ContactPage() {
  useDocumentTitle(pages.contact.title);
  const { data: site } = useSite();
  return (
    <ContentPage>
      <PageIntro icon={Mail} title="Contact Us">
        <p>
          CultureShare is run by and for its community, so there is no contact form. Here is where
          to find what you need — most questions are answered in a click or two.
        </p>
      </PageIntro>

      <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <li>
          <LinkCard
            to={paths.browse}
            icon={Compass}
            title="Looking for a Starter?"
            headingLevel={2}
          >
            Browse what neighbours are sharing, then message the owner directly to arrange pickup.
          </LinkCard>
        </li>
        <li>
          <LinkCard
            to={paths.rules}
            icon={ScrollText}
            title="Questions About the Rules?"
            headingLevel={2}
          >
            Read what can be shared, and how, in our Community Rules.
          </LinkCard>
        </li>
        <li>
          <Card className="flex h-full flex-col p-5">
            <span className="mb-3 flex size-11 items-center justify-center rounded-xl bg-danger-soft">
              <Flag className="size-5 text-danger" aria-hidden />
            </span>
            <h2 className="font-semibold">Report a Problem</h2>
            <p className="mt-1 text-sm text-muted">
              Seen a post that breaks the rules? Open its three-dot menu and choose Report Post — a
              moderator will review it.
            </p>
            <Button asChild variant="outline" size="sm" className="mt-4 self-start">
              <Link to={paths.browse}>Report a Post</Link>
            </Button>
          </Card>
        </li>
        <li>
          <LinkCard to={paths.safety} icon={ShieldCheck} title="Safety Concerns?" headingLevel={2}>
            Check our Safety Guidelines for good and warning signs before you share or use a
            starter.
          </LinkCard>
        </li>
        <li>
          <LinkCard to={paths.join} icon={UserPlus} title="New Here?" headingLevel={2}>
            Join the community to share starters and message other members.
          </LinkCard>
        </li>
        {site?.socialUrl && (
          <li>
            <a
              href={site.socialUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="group flex h-full flex-col rounded-2xl border border-border bg-surface p-5 shadow-sm transition hover:-translate-y-0.5 hover:border-accent hover:shadow-md"
            >
              <span className="mb-3 flex size-11 items-center justify-center rounded-xl bg-sage-soft">
                <ExternalLink className="size-5 text-sage" aria-hidden />
              </span>
              <h2 className="font-semibold">Follow Us</h2>
              <p className="mt-1 text-sm text-muted">
                News, fermentation tips and community stories on social media.
                <span className="sr-only"> (opens in a new tab)</span>
              </p>
            </a>
          </li>
        )}
      </ul>
    </ContentPage>
  );
}
