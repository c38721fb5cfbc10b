import { AuthCard } from '../features/account/auth/auth-card';
import { ForgotPasswordForm } from '../features/account/auth/forgot-password-form';
import { usePageTitle } from '../lib/use-document-title';
import { useTranslation } from 'react-i18next';

export default function Page() {
  usePageTitle('forgotPassword');
  const { t } = useTranslation('auth');
  return (
    <AuthCard title={t('forgot.title')} intro={t('forgot.intro')}>
      <ForgotPasswordForm />
    </AuthCard>
  );
}
