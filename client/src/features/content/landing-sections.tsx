import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  ArrowRight,
  BookOpen,
  Gift,
  HeartHandshake,
  MessageCircle,
  ShieldCheck,
  Upload,
  Users,
} from 'lucide-react';
import { categories } from '../../../../common/listings/catalogue';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { paths } from '../../lib/paths';
import { useCurrentUser } from '../../lib/current-user';
import { Trans, useTranslation } from 'react-i18next';

/** The four categories a visitor can browse straight from the landing page ('other' is not featured). */
const featuredCategories = categories.filter((c) => c.key !== 'other');

/** `figures`: the site's counts, under the buttons (the page brings them, decision 046). */
export function Hero({ figures }: { figures?: ReactNode }) {
  const { user } = useCurrentUser();
  const { t } = useTranslation(['home', 'common']);
  return (
    <section className="relative overflow-hidden border-b border-border bg-gradient-to-b from-accent-soft/60 to-bg">
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-14 sm:py-20 lg:grid-cols-[1.15fr_1fr]">
        <div className="text-center lg:text-start">
          <p className="mb-4 inline-flex items-center gap-2 rounded-full border border-border bg-surface px-3 py-1 text-sm font-medium text-muted">
            <Gift className="size-4 text-accent" aria-hidden />
            {t('hero.badge')}
          </p>
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl lg:text-6xl">
            <Trans
              t={t}
              i18nKey="hero.title"
              components={{ accent: <span className="text-accent-hover dark:text-accent" /> }}
            />
          </h1>
          <p className="mx-auto mt-5 max-w-xl text-base text-muted sm:text-lg lg:mx-0">
            {t('hero.intro')}
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3 lg:justify-start">
            <Button asChild size="lg">
              <Link to={paths.browse}>
                {t('hero.browse')}
                <ArrowRight className="size-4 rtl:-scale-x-100" aria-hidden />
              </Link>
            </Button>
            {!user && (
              <Button asChild size="lg" variant="outline">
                <Link to={paths.join}>{t('hero.join')}</Link>
              </Button>
            )}
          </div>
          {figures && <div className="mt-5">{figures}</div>}
        </div>
        {/* They look like tiles to press, so they are: each opens browse at its category. */}
        <nav aria-label={t('hero.categories')} className="mx-auto w-full max-w-64 sm:max-w-sm">
          <ul className="grid grid-cols-2 gap-3 sm:gap-4">
            {featuredCategories.map((c, i) => (
              <li key={c.key}>
                <Link
                  to={paths.browseCategory.href(c.key)}
                  className={
                    'flex aspect-square flex-col items-center justify-center gap-1 rounded-3xl border border-border bg-surface p-2 text-center shadow-sm transition hover:border-accent hover:shadow-md sm:gap-2 ' +
                    (i % 2 === 0 ? '-rotate-2' : 'translate-y-4 rotate-2')
                  }
                >
                  <span className="text-4xl sm:text-6xl" aria-hidden>
                    {c.emoji}
                  </span>
                  <span className="text-xs font-medium sm:text-sm">
                    {t(`common:categories.${c.key}`)}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </section>
  );
}

const steps = [
  {
    icon: Upload,
    title: 'how.shareTitle',
    text: 'how.shareText',
  },
  {
    icon: Users,
    title: 'how.connectTitle',
    text: 'how.connectText',
  },
  {
    icon: MessageCircle,
    title: 'how.pickupTitle',
    text: 'how.pickupText',
  },
] as const;

/**
 * A part of the landing page below the hero: its centred heading and lead, then its content;
 * a `band` (a background) runs the full width while the content keeps the page's.
 */
function LandingSection({
  id,
  title,
  intro,
  band,
  children,
}: {
  id: string;
  title: string;
  intro: string;
  band?: string;
  children: ReactNode;
}) {
  const body = (
    <>
      <h2 id={id} className="text-center text-2xl font-bold sm:text-3xl">
        {title}
      </h2>
      <p className="mx-auto mt-3 max-w-xl text-center text-muted">{intro}</p>
      {children}
    </>
  );
  if (!band) {
    return (
      <section aria-labelledby={id} className="mx-auto max-w-6xl px-4 py-16">
        {body}
      </section>
    );
  }
  return (
    <section aria-labelledby={id} className={cn(band, 'py-16')}>
      <div className="mx-auto max-w-6xl px-4">{body}</div>
    </section>
  );
}

export function HowItWorks() {
  const { t } = useTranslation(['home', 'common']);
  return (
    <LandingSection id="how-it-works" title={t('how.title')} intro={t('how.intro')}>
      <ol className="mt-10 grid gap-6 md:grid-cols-3">
        {steps.map(({ icon: Icon, title, text }, i) => (
          <li key={title} className="rounded-2xl border border-border bg-surface p-6 shadow-sm">
            <div className="flex items-center gap-3">
              <span className="flex size-12 items-center justify-center rounded-2xl bg-accent-soft">
                <Icon className="size-6 text-accent-hover dark:text-accent" aria-hidden />
              </span>
              <span className="text-sm font-semibold text-muted">
                {t('how.step', { number: i + 1 })}
              </span>
            </div>
            <h3 className="mt-4 text-lg font-semibold">{t(title)}</h3>
            <p className="mt-2 text-sm leading-relaxed text-muted">{t(text)}</p>
          </li>
        ))}
      </ol>
    </LandingSection>
  );
}

export function CategoryShowcase() {
  const { t } = useTranslation(['home', 'common']);
  return (
    <LandingSection
      id="categories"
      title={t('categories.title')}
      intro={t('categories.intro')}
      band="bg-surface-muted"
    >
      <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {featuredCategories.map((c) => (
          <li key={c.key}>
            <Link
              to={paths.browseCategory.href(c.key)}
              className="group flex h-full flex-col rounded-2xl border border-border bg-surface p-6 shadow-sm transition hover:-translate-y-0.5 hover:border-accent hover:shadow-md"
            >
              <span
                className="mb-4 flex size-14 items-center justify-center rounded-2xl bg-accent-soft text-3xl"
                aria-hidden
              >
                {c.emoji}
              </span>
              <h3 className="text-lg font-semibold group-hover:text-accent-hover dark:group-hover:text-accent">
                {t(`common:categories.${c.key}`)}
              </h3>
              <p className="mt-2 text-sm text-muted">
                {c.subcategories
                  .map((s) => t(`common:subcategories.${s.key}`, { defaultValue: s.label }))
                  .join(' · ')}
              </p>
            </Link>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}

const values = [
  {
    icon: Gift,
    title: 'values.giftTitle',
    text: 'values.giftText',
  },
  {
    icon: ShieldCheck,
    title: 'values.safetyTitle',
    text: 'values.safetyText',
  },
  {
    icon: BookOpen,
    title: 'values.knowledgeTitle',
    text: 'values.knowledgeText',
  },
  {
    icon: HeartHandshake,
    title: 'values.respectTitle',
    text: 'values.respectText',
  },
] as const;

export function CommunityValues() {
  const { t } = useTranslation(['home', 'common']);
  return (
    <LandingSection id="community-values" title={t('values.title')} intro={t('values.intro')}>
      <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {values.map(({ icon: Icon, title, text }) => (
          <li key={title} className="text-center">
            <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-sage-soft">
              <Icon className="size-6 text-sage" aria-hidden />
            </span>
            <h3 className="mt-4 font-semibold">{t(title)}</h3>
            <p className="mt-2 text-sm leading-relaxed text-muted">{t(text)}</p>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}
