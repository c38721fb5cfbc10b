import { Link } from 'react-router';
import { Ban, Eye, HandHeart, Package, ShieldCheck, Wind } from 'lucide-react';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { CheckList } from '../features/content/check-list';
import { ContentPage, PageIntro } from '../features/content/page-intro';
import { usePageTitle } from '../lib/use-document-title';
import { paths } from '../lib/paths';
import { useTranslation } from 'react-i18next';

const inspections = [
  {
    id: 'visual-inspection',
    icon: Eye,
    title: 'safety.visual.title',
    good: [
      'safety.visual.goodColour',
      'safety.visual.goodBubbles',
      'safety.visual.goodGrains',
      'safety.visual.goodScoby',
    ],
    warning: [
      'safety.visual.warnFuzzy',
      'safety.visual.warnColour',
      'safety.visual.warnInactive',
      'safety.visual.warnDry',
    ],
  },
  {
    id: 'smell-test',
    icon: Wind,
    title: 'safety.smell.title',
    good: [
      'safety.smell.goodSour',
      'safety.smell.goodVinegar',
      'safety.smell.goodEarthy',
      'safety.smell.goodHooch',
    ],
    warning: [
      'safety.smell.warnRotten',
      'safety.smell.warnAmmonia',
      'safety.smell.warnMusty',
      'safety.smell.warnHesitate',
    ],
  },
] as const;

const tips = [
  {
    id: 'container-safety',
    icon: Package,
    title: 'safety.containers.title',
    items: [
      'safety.containers.material',
      'safety.containers.wash',
      'safety.containers.headroom',
      'safety.containers.label',
    ],
  },
  {
    id: 'safe-handling',
    icon: HandHeart,
    title: 'safety.handling.title',
    items: [
      'safety.handling.hands',
      'safety.handling.backup',
      'safety.handling.cool',
      'safety.handling.meet',
      'safety.handling.fed',
    ],
  },
] as const;

const doNotShare = [
  'safety.dont.mold',
  'safety.dont.smell',
  'safety.dont.spots',
  'safety.dont.slimy',
  'safety.dont.stored',
  'safety.dont.doubt',
] as const;

export default function SafetyPage() {
  usePageTitle('safety');
  const { t } = useTranslation('pages');
  return (
    <ContentPage>
      <PageIntro icon={ShieldCheck} title={t('safety.title')}>
        <p>{t('safety.intro')}</p>
      </PageIntro>

      {inspections.map(({ id, icon: Icon, title, good, warning }) => (
        <section key={id} aria-labelledby={id} className="mt-12">
          <div className="flex items-center gap-3">
            <span className="flex size-10 items-center justify-center rounded-xl bg-accent-soft">
              <Icon className="size-5 text-accent-hover dark:text-accent" aria-hidden />
            </span>
            <h2 id={id} className="text-2xl font-bold">
              {t(title)}
            </h2>
          </div>
          <div className="mt-5 grid gap-4 md:grid-cols-2">
            <Card className="border-t-4 border-t-sage p-5">
              <h3 className="font-semibold text-sage">{t('safety.goodSigns')}</h3>
              <CheckList className="mt-3" items={good.map((item) => t(item))} tone="good" />
            </Card>
            <Card className="border-t-4 border-t-danger p-5">
              <h3 className="font-semibold text-danger">{t('safety.warningSigns')}</h3>
              <CheckList className="mt-3" items={warning.map((item) => t(item))} tone="warning" />
            </Card>
          </div>
        </section>
      ))}

      <div className="mt-12 grid gap-4 md:grid-cols-2">
        {tips.map(({ id, icon: Icon, title, items }) => (
          <section key={id} aria-labelledby={id}>
            <Card className="h-full p-6">
              <div className="flex items-center gap-3">
                <Icon className="size-5 text-sage" aria-hidden />
                <h2 id={id} className="text-xl font-bold">
                  {t(title)}
                </h2>
              </div>
              <CheckList className="mt-4" items={items.map((item) => t(item))} />
            </Card>
          </section>
        ))}
      </div>

      <section
        aria-labelledby="when-not-to-share"
        className="mt-12 rounded-2xl border-2 border-danger/40 bg-danger-soft p-6 sm:p-8"
      >
        <div className="flex items-center gap-3">
          <Ban className="size-6 text-danger" aria-hidden />
          <h2 id="when-not-to-share" className="text-2xl font-bold">
            {t('safety.dont.title')}
          </h2>
        </div>
        <p className="mt-2 text-sm">{t('safety.dont.intro')}</p>
        <CheckList className="mt-4" items={doNotShare.map((item) => t(item))} tone="bad" />
      </section>

      <Card className="mt-12 bg-surface-muted p-8 text-center">
        <h2 className="text-xl font-semibold">{t('safety.confidenceTitle')}</h2>
        <p className="mx-auto mt-2 max-w-lg text-sm text-muted">{t('safety.confidenceText')}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Button asChild variant="outline">
            <Link to={paths.rules}>{t('safety.rules')}</Link>
          </Button>
          <Button asChild>
            <Link to={paths.browse}>{t('safety.browse')}</Link>
          </Button>
        </div>
      </Card>
    </ContentPage>
  );
}
