import { Link } from 'react-router';
import { Compass, ExternalLink, Flag, Mail, ScrollText, ShieldCheck, UserPlus } from 'lucide-react';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { LinkCard } from '../features/content/link-card';
import { ContentPage, PageIntro } from '../features/content/page-intro';
import { useSite } from '../lib/site';
import { usePageTitle } from '../lib/use-document-title';
import { paths } from '../lib/paths';
import { useTranslation } from 'react-i18next';

export default function ContactPage() {
  usePageTitle('contact');
  const { data: site } = useSite();
  const { t } = useTranslation('pages');
  return (
    <ContentPage>
      <PageIntro icon={Mail} title={t('contact.title')}>
        <p>{t('contact.intro')}</p>
      </PageIntro>

      <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <li>
          <LinkCard
            to={paths.browse}
            icon={Compass}
            title={t('contact.lookingTitle')}
            headingLevel={2}
          >
            {t('contact.lookingText')}
          </LinkCard>
        </li>
        <li>
          <LinkCard
            to={paths.rules}
            icon={ScrollText}
            title={t('contact.rulesTitle')}
            headingLevel={2}
          >
            {t('contact.rulesText')}
          </LinkCard>
        </li>
        <li>
          <Card className="flex h-full flex-col p-5">
            <span className="mb-3 flex size-11 items-center justify-center rounded-xl bg-danger-soft">
              <Flag className="size-5 text-danger" aria-hidden />
            </span>
            <h2 className="font-semibold">{t('contact.reportTitle')}</h2>
            <p className="mt-1 text-sm text-muted">{t('contact.reportText')}</p>
            <Button asChild variant="outline" size="sm" className="mt-4 self-start">
              <Link to={paths.browse}>{t('contact.reportButton')}</Link>
            </Button>
          </Card>
        </li>
        <li>
          <LinkCard
            to={paths.safety}
            icon={ShieldCheck}
            title={t('contact.safetyTitle')}
            headingLevel={2}
          >
            {t('contact.safetyText')}
          </LinkCard>
        </li>
        <li>
          <LinkCard to={paths.join} icon={UserPlus} title={t('contact.newTitle')} headingLevel={2}>
            {t('contact.newText')}
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
              <h2 className="font-semibold">{t('contact.followTitle')}</h2>
              <p className="mt-1 text-sm text-muted">
                {t('contact.followText')}
                <span className="sr-only">{t('contact.newTab')}</span>
              </p>
            </a>
          </li>
        )}
      </ul>
    </ContentPage>
  );
}
