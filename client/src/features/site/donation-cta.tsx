import { Heart } from 'lucide-react';
import { buttonClasses } from '../../components/ui/button';
import { useSite } from '../../lib/site';
import { useTranslation } from 'react-i18next';

/**
 * The donation call to action. It opens the external card payment page in a new tab, and is
 * left out entirely when no donation page is configured so there is never a dead button.
 */
export function DonationCta() {
  const { data: site } = useSite();
  const { t } = useTranslation('home');
  if (!site?.donationUrl) return null;
  return (
    <section aria-labelledby="support-us" className="mx-auto max-w-6xl px-4 pb-4">
      <div className="rounded-3xl bg-accent-soft px-6 py-12 text-center sm:px-12">
        <Heart className="mx-auto size-10 text-accent-hover dark:text-accent" aria-hidden />
        <h2 id="support-us" className="mt-4 text-2xl font-bold sm:text-3xl">
          {t('donation.title')}
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-muted">{t('donation.text')}</p>
        <a
          href={site.donationUrl}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClasses('primary', 'lg') + ' mt-8'}
        >
          <Heart className="size-4" aria-hidden />
          {t('donation.button')}
          <span className="sr-only">{t('donation.newTab')}</span>
        </a>
      </div>
    </section>
  );
}
