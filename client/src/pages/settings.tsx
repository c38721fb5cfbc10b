import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SignInRequired } from '../features/account/auth/sign-in-required';
import { LeaveAccount } from '../features/account/leave-account';
import { DistanceUnits } from '../features/care/distance-units';
import { PasskeySettings } from '../features/account/passkeys/passkey-settings';
import { AccountSettings } from '../features/account/account-settings';
import { SignedInSessions } from '../features/account/signed-in-sessions';
import { TrustLevel } from '../features/account/trust-level';
import { LanguagePicker } from '../features/site/language-picker';
import { useCurrentUser } from '../lib/current-user';
import { paths } from '../lib/paths';
import { usePageTitle } from '../lib/use-document-title';

/**
 * /settings: the member's account, away from their listings (decision 142). Each part keeps an
 * anchor (`#password`, `#passkeys`, `#data`, `#sessions`), which /profile's older links lead to.
 */
export default function Page() {
  const { t } = useTranslation('account');
  const { t: tc } = useTranslation();
  usePageTitle('settings');
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return null;
  if (!user) return <SignInRequired message={t('settingsPage.signInRequired')} />;
  return (
    <div className="mx-auto grid max-w-4xl min-w-0 gap-6 px-4 py-8 sm:py-12">
      <div>
        <Link
          to={paths.profile}
          className="inline-flex min-h-11 items-center gap-1.5 text-sm font-medium text-muted hover:text-text"
        >
          <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden />
          {t('settingsPage.back')}
        </Link>
        <h1 className="mt-2 text-2xl font-bold tracking-tight sm:text-3xl">
          {t('settingsPage.title')}
        </h1>
        <p className="mt-1 text-muted">{t('settingsPage.intro')}</p>
      </div>
      <div id="password" className="scroll-mt-20">
        <AccountSettings user={user} />
      </div>
      <div id="trust" className="scroll-mt-20">
        <TrustLevel />
      </div>
      <section
        aria-label={tc('language.label')}
        className="grid gap-4 rounded-2xl border border-border bg-surface p-5 sm:grid-cols-2"
      >
        <LanguagePicker shows="account" />
        <DistanceUnits />
      </section>
      <section aria-label={t('profile.passkeysAndData')} className="grid gap-6 md:grid-cols-2">
        <div id="passkeys" className="min-w-0 scroll-mt-20">
          <PasskeySettings />
        </div>
        <div id="data" className="min-w-0 scroll-mt-20">
          <LeaveAccount />
        </div>
      </section>
      <div id="sessions" className="scroll-mt-20">
        <SignedInSessions />
      </div>
    </div>
  );
}
