import { Cookie, Database, Eye, Lock, Scale, ShieldOff, UserCog } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '../components/ui/card';
import { CheckList } from '../features/content/check-list';
import { ContentPage, PageIntro } from '../features/content/page-intro';
import { usePageTitle } from '../lib/use-document-title';
import { pageLinks } from '../lib/page-links';
import { Trans, useTranslation } from 'react-i18next';

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

export default function PrivacyPage() {
  usePageTitle('privacy');
  const { t } = useTranslation('pages');
  const strong = { strong: <strong /> };
  return (
    <ContentPage>
      <PageIntro icon={Lock} title={t('privacy.title')}>
        <p>{t('privacy.intro')}</p>
      </PageIntro>

      <div className="mt-12 grid gap-5">
        <PolicySection id="liability" icon={Scale} title={t('privacy.liabilityTitle')}>
          <p>{t('privacy.liability1')}</p>
          <p>
            <Trans t={t} i18nKey="privacy.liability2" components={pageLinks} />
          </p>
        </PolicySection>

        <PolicySection id="data-we-collect" icon={Database} title={t('privacy.collectTitle')}>
          <CheckList
            items={(
              [
                'privacy.collectAccount',
                'privacy.collectProfile',
                'privacy.collectListings',
                'privacy.collectUsage',
              ] as const
            ).map((key) => (
              <Trans key={key} t={t} i18nKey={key} components={strong} />
            ))}
          />
          <p>{t('privacy.collectPhotos')}</p>
        </PolicySection>

        <PolicySection id="how-we-use" icon={UserCog} title={t('privacy.useTitle')}>
          <p>{t('privacy.useText')}</p>
        </PolicySection>

        <PolicySection id="no-selling" icon={ShieldOff} title={t('privacy.noSellingTitle')}>
          <p>{t('privacy.noSellingText')}</p>
        </PolicySection>

        <PolicySection id="public-information" icon={Eye} title={t('privacy.publicTitle')}>
          <p>{t('privacy.publicText')}</p>
        </PolicySection>

        <PolicySection id="cookies" icon={Cookie} title={t('privacy.cookiesTitle')}>
          <p>{t('privacy.cookiesText')}</p>
        </PolicySection>
      </div>
    </ContentPage>
  );
}
