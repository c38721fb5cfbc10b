import { CircleHelp, Compass, Mail, ScrollText, ShieldCheck } from 'lucide-react';
import { FaqAccordion } from '../features/content/faq-accordion';
import { useHelpFaq } from '../features/content/help-faq';
import { LinkCard } from '../features/content/link-card';
import { ContentPage, ContentSection, PageIntro } from '../features/content/page-intro';
import { HeadedSection } from '../components/ui/headed-section';
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

      <HeadedSection title={t('help.quickLinks')} className="mt-12" headingClassName="sr-only">
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
      </HeadedSection>

      <ContentSection id="faq" title={t('help.faq')}>
        <FaqAccordion items={helpFaq} />
      </ContentSection>
    </ContentPage>
  );
}
