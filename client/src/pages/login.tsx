import { SignedOutOnly } from '../app/signed-out-only';
import { AuthCard } from '../features/account/auth/auth-card';
import { SignInForm } from '../features/account/auth/sign-in-form';
import { PasskeySignIn } from '../features/account/passkeys/passkey-sign-in';
import { usePageTitle } from '../lib/use-document-title';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { readArrival } from '../features/account/auth/arrivals';

export default function Page() {
  usePageTitle('login');
  const { t } = useTranslation('auth');
  // Just signed up: not "Welcome back" to someone who has never been here.
  const justJoined = !!readArrival(useLocation().state).emailed;
  return (
    <SignedOutOnly>
      <AuthCard
        title={t('signin.title')}
        intro={justJoined ? t('signin.introNew') : t('signin.intro')}
      >
        <SignInForm alternatives={(done) => <PasskeySignIn onSignedIn={done} />} />
      </AuthCard>
    </SignedOutOnly>
  );
}
