import { useId, useLayoutEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Gift, HeartHandshake, Lock, ShieldCheck, Sprout, UserPlus } from 'lucide-react';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { usePageTitle } from '../lib/use-document-title';
import { paths } from '../lib/paths';
import { pageLinks } from '../lib/page-links';
import { SignedOutOnly } from '../app/signed-out-only';
import { withNextPath } from '../../../common/site/return-path';
import type { JoinArrival } from '../features/account/auth/arrivals';
import { PageIntro } from '../features/content/page-intro';
import { Trans, useTranslation } from 'react-i18next';

const terms = [
  {
    icon: Gift,
    title: 'join.freeTitle',
    text: 'join.freeText',
  },
  {
    icon: ShieldCheck,
    title: 'join.healthyTitle',
    text: 'join.healthyText',
  },
  {
    icon: Sprout,
    title: 'join.startersTitle',
    text: 'join.startersText',
  },
  {
    icon: HeartHandshake,
    title: 'join.respectTitle',
    text: 'join.respectText',
  },
  {
    icon: Lock,
    title: 'join.riskTitle',
    text: 'join.riskText',
  },
] as const;

function JoinTerms() {
  usePageTitle('join');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const checkboxId = useId();
  const acceptId = useId();
  const { t } = useTranslation('auth');
  // A real checkbox, so it is ticked on the first tap even before the app has taken the page
  // over (decision 122). A tick from before then, even one made while the app was drawing its
  // first render, is read from the box once the page is the app's, so the button it enables
  // works from then on (boot.js enables it meanwhile). Before the page is marked as the app's, so
  // a press on that button held by boot.js finds it enabled when it is pressed again.
  const [agreed, setAgreed] = useState(false);
  const box = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    if (box.current?.checked) setAgreed(true);
  }, []);

  return (
    <div className="mx-auto max-w-2xl px-4 py-10 sm:py-14">
      <Card className="p-6 sm:p-10">
        <PageIntro icon={UserPlus} title={t('join.title')}>
          <p>{t('join.intro')}</p>
        </PageIntro>

        <h2 className="mt-8 text-lg font-semibold">{t('join.summary')}</h2>
        <ul className="mt-4 grid gap-4">
          {terms.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-3 rounded-xl bg-surface-muted p-4">
              <Icon className="mt-0.5 size-5 shrink-0 text-sage" aria-hidden />
              <p className="text-sm leading-relaxed">
                <strong className="font-semibold">{t(title)}.</strong> {t(text)}
              </p>
            </li>
          ))}
        </ul>
        <p className="mt-4 text-sm text-muted">
          <Trans t={t} i18nKey="join.details" components={pageLinks} />
        </p>

        <div className="mt-8 flex items-start gap-3 rounded-xl border border-border p-4">
          <input
            id={checkboxId}
            ref={box}
            type="checkbox"
            data-enables={acceptId}
            checked={agreed}
            onChange={(e) => setAgreed(e.target.checked)}
            className="mt-0.5 size-5 shrink-0 cursor-pointer rounded accent-accent"
          />
          <label htmlFor={checkboxId} className="cursor-pointer text-sm font-medium">
            {t('join.agree')}
          </label>
        </div>

        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => navigate(paths.home)}>
            {t('join.decline')}
          </Button>
          <Button
            id={acceptId}
            disabled={!agreed}
            // The way back goes on; having just agreed here, the sign-up form's box comes ticked.
            onClick={() =>
              navigate(withNextPath(paths.signup, params.get('next')), {
                state: { agreedTerms: true } satisfies JoinArrival,
              })
            }
          >
            {t('join.accept')}
          </Button>
        </div>
      </Card>
    </div>
  );
}

export default function JoinPage() {
  return (
    <SignedOutOnly>
      <JoinTerms />
    </SignedOutOnly>
  );
}
