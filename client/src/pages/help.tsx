import { CircleHelp, Compass, Mail, ScrollText, ShieldCheck } from 'lucide-react';
import { FaqAccordion } from '../features/content/faq-accordion';
import { useHelpFaq } from '../features/content/help-faq';
import { LinkCard } from '../features/content/link-card';
import { ContentPage, ContentSection, PageIntro } from '../features/content/page-intro';
import { usePageTitle } from '../lib/use-document-title';
import { paths } from '../lib/paths';
import { useTranslation } from 'react-i18next';

export default function HelpPage() {
  usePageTitle('help');
  const { t } = useTranslation('pages');
  const helpFaq = useHelpFaq();
  return (
    <ContentPage>
      <PageIntro icon={CircleHelp} title={t('help.title')}>
        <p>{t('help.intro')}</p>
      </PageIntro>

      <section aria-labelledby="quick-links" className="mt-12">
        <h2 id="quick-links" className="sr-only">
          {t('help.quickLinks')}
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <li>
            <LinkCard to={paths.browse} icon={Compass} title={t('help.browseTitle')}>
              {t('help.browseText')}
            </LinkCard>
          </li>
          <li>
            <LinkCard to={paths.safety} icon={ShieldCheck} title={t('help.safetyTitle')}>
              {t('help.safetyText')}
            </LinkCard>
          </li>
          <li>
            <LinkCard to={paths.rules} icon={ScrollText} title={t('help.rulesTitle')}>
              {t('help.rulesText')}
            </LinkCard>
          </li>
          <li>
            <LinkCard to={paths.contact} icon={Mail} title={t('help.contactTitle')}>
              {t('help.contactText')}
            </LinkCard>
          </li>
        </ul>
      </section>

      <ContentSection id="faq" title={t('help.faq')}>
        <FaqAccordion items={helpFaq} />
      </ContentSection>
    </ContentPage>
  );
}
