import { SignedOutOnly } from '../app/signed-out-only';
import { AuthCard } from '../features/account/auth/auth-card';
import { SignUpForm } from '../features/account/auth/sign-up-form';
import { usePageTitle } from '../lib/use-document-title';
import { useTranslation } from 'react-i18next';

export default function Page() {
  usePageTitle('signup');
  const { t } = useTranslation('auth');
  return (
    <SignedOutOnly>
      <AuthCard title={t('signup.title')} intro={t('signup.intro')}>
        <SignUpForm />
      </AuthCard>
    </SignedOutOnly>
  );
}
