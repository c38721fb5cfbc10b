import { SignedOutOnly } from '../app/signed-out-only';
import { AuthCard } from '../features/auth/auth-card';
import { SignUpForm } from '../features/auth/sign-up-form';
import { useDocumentTitle } from '../lib/use-document-title';
import { pages } from '../../../common/pages';
import { useTranslation } from 'react-i18next';

export default function Page() {
  useDocumentTitle(pages.signup.title);
  const { t } = useTranslation('auth');
  return (
    <SignedOutOnly>
      <AuthCard title={t('signup.title')} intro={t('signup.intro')}>
        <SignUpForm />
      </AuthCard>
    </SignedOutOnly>
  );
}
