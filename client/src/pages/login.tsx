import { SignedOutOnly } from '../app/signed-out-only';
import { AuthCard } from '../features/auth/auth-card';
import { SignInForm } from '../features/auth/sign-in-form';
import { PasskeySignIn } from '../features/passkeys/passkey-sign-in';
import { useDocumentTitle } from '../lib/use-document-title';
import { pages } from '../../../common/pages';
import { useTranslation } from 'react-i18next';

export default function Page() {
  useDocumentTitle(pages.login.title);
  const { t } = useTranslation('auth');
  return (
    <SignedOutOnly>
      <AuthCard title={t('signin.title')} intro={t('signin.intro')}>
        <SignInForm alternatives={(done) => <PasskeySignIn onSignedIn={done} />} />
      </AuthCard>
    </SignedOutOnly>
  );
}
