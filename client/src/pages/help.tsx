import { CircleHelp, Compass, Mail, ScrollText, ShieldCheck } from 'lucide-react';
import { FaqAccordion } from '../features/content/faq-accordion';
import { helpFaq } from '../features/content/help-faq';
import { LinkCard } from '../features/content/link-card';
import { ContentPage, PageIntro } from '../features/content/page-intro';
import { useDocumentTitle } from '../lib/use-document-title';
import { pages } from '../../../common/pages';
import { paths } from '../lib/paths';

export default function HelpPage() {
  useDocumentTitle(pages.help.title);
  return (
    <ContentPage>
      <PageIntro icon={CircleHelp} title="Help Center">
        <p>New to sharing starters? Find quick answers here, or head to the right place below.</p>
      </PageIntro>

      <section aria-labelledby="quick-links" className="mt-12">
        <h2 id="quick-links" className="sr-only">
          Quick Links
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <li>
            <LinkCard to={paths.browse} icon={Compass} title="Browse Starters">
              See what neighbours are sharing near you.
            </LinkCard>
          </li>
          <li>
            <LinkCard to={paths.safety} icon={ShieldCheck} title="Safety Guidelines">
              Good signs, warning signs and safe handling.
            </LinkCard>
          </li>
          <li>
            <LinkCard to={paths.rules} icon={ScrollText} title="Community Rules">
              How we keep sharing free, fair and friendly.
            </LinkCard>
          </li>
          <li>
            <LinkCard to={paths.contact} icon={Mail} title="Contact Us">
              Other ways to get help or get in touch.
            </LinkCard>
          </li>
        </ul>
      </section>

      <section aria-labelledby="faq" className="mt-14">
        <h2 id="faq" className="mb-6 text-2xl font-bold">
          Frequently Asked Questions
        </h2>
        <FaqAccordion items={helpFaq} />
      </section>
    </ContentPage>
  );
}
