import { AuthCard } from '../features/auth/auth-card';
import { ForgotPasswordForm } from '../features/auth/forgot-password-form';
import { useDocumentTitle } from '../lib/use-document-title';
import { pages } from '../../../common/pages';
import { useTranslation } from 'react-i18next';

export default function Page() {
  useDocumentTitle(pages.forgotPassword.title);
  const { t } = useTranslation('auth');
  return (
    <AuthCard title={t('forgot.title')} intro={t('forgot.intro')}>
      <ForgotPasswordForm />
    </AuthCard>
  );
}
