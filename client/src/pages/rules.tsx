import { Link } from 'react-router';
import {
  Archive,
  Ban,
  FileText,
  Flag,
  Gift,
  Lock,
  Scale,
  ScrollText,
  ShieldCheck,
  Sprout,
  UserCheck,
} from 'lucide-react';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { CheckList } from '../features/content/check-list';
import { ContentPage, ContentSection, PageIntro } from '../features/content/page-intro';
import { usePageTitle } from '../lib/use-document-title';
import { paths } from '../lib/paths';
import { pageLinks } from '../lib/page-links';
import { Trans, useTranslation } from 'react-i18next';

const rules = [
  {
    icon: ShieldCheck,
    title: 'rules.safety.title',
    items: [
      'rules.safety.healthy',
      'rules.safety.contamination',
      'rules.safety.honest',
      'rules.safety.containers',
    ],
  },
  {
    icon: Gift,
    title: 'rules.free.title',
    items: ['rules.free.gift', 'rules.free.noSelling', 'rules.free.noFees', 'rules.free.jar'],
  },
  {
    icon: Sprout,
    title: 'rules.startersOnly.title',
    items: [
      'rules.startersOnly.categories',
      'rules.startersOnly.noPrepared',
      'rules.startersOnly.noStoreBought',
    ],
  },
  {
    icon: FileText,
    title: 'rules.clear.title',
    items: [
      'rules.clear.name',
      'rules.clear.history',
      'rules.clear.care',
      'rules.clear.state',
      'rules.clear.uncommon',
    ],
  },
] as const;

const guidelines = [
  { icon: Lock, title: 'rules.privacyTitle', text: 'rules.privacyText' },
  { icon: Ban, title: 'rules.contentTitle', text: 'rules.contentText' },
  { icon: UserCheck, title: 'rules.accountTitle', text: 'rules.accountText' },
  { icon: Archive, title: 'rules.claimedTitle', text: 'rules.claimedText' },
  { icon: Flag, title: 'rules.moderationTitle', text: 'rules.moderationText' },
] as const;

export default function RulesPage() {
  usePageTitle('rules');
  const { t } = useTranslation('pages');
  return (
    <ContentPage>
      <PageIntro icon={ScrollText} title={t('rules.title')}>
        <p>{t('rules.intro')}</p>
      </PageIntro>

      <ol className="mt-12 grid gap-5 md:grid-cols-2">
        {rules.map(({ icon: Icon, title, items }, i) => (
          <li key={title}>
            <Card className="h-full p-6">
              <div className="flex items-center gap-3">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent text-lg font-bold text-accent-fg">
                  {i + 1}
                </span>
                <h2 className="text-lg font-semibold">{t(title)}</h2>
                <Icon className="ms-auto size-5 text-muted" aria-hidden />
              </div>
              <CheckList className="mt-4" items={items.map((item) => t(item))} tone="good" />
            </Card>
          </li>
        ))}
      </ol>

      <ContentSection id="additional-guidelines" title={t('rules.guidelines')}>
        <ul className="grid gap-4 sm:grid-cols-2">
          {guidelines.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-4 rounded-2xl border border-border bg-surface p-5">
              <Icon className="mt-0.5 size-5 shrink-0 text-sage" aria-hidden />
              <div>
                <h3 className="font-semibold">{t(title)}</h3>
                <p className="mt-1 text-sm leading-relaxed text-muted">{t(text)}</p>
              </div>
            </li>
          ))}
        </ul>
      </ContentSection>

      <Card className="mt-14 border-s-4 border-s-accent p-6">
        <div className="flex items-center gap-3">
          <Scale className="size-5 text-accent-hover dark:text-accent" aria-hidden />
          <h2 className="text-lg font-semibold">{t('rules.disclaimerTitle')}</h2>
        </div>
        <p className="mt-3 text-sm leading-relaxed text-muted">
          <Trans t={t} i18nKey="rules.disclaimerText" components={pageLinks} />
        </p>
      </Card>

      <Card className="mt-6 bg-surface-muted p-8 text-center">
        <h2 className="text-xl font-semibold">{t('rules.thanksTitle')}</h2>
        <p className="mx-auto mt-2 max-w-lg text-sm text-muted">{t('rules.thanksText')}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Button asChild>
            <Link to={paths.browse}>{t('rules.browse')}</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to={paths.contact}>{t('rules.contact')}</Link>
          </Button>
        </div>
      </Card>
    </ContentPage>
  );
}
