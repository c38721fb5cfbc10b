import { useSearchParams } from 'react-router';
import { AuthCard } from '../features/account/auth/auth-card';
import { ResetPasswordForm } from '../features/account/auth/reset-password-form';
import { usePageTitle } from '../lib/use-document-title';
import { useTranslation } from 'react-i18next';

export default function Page() {
  usePageTitle('resetPassword');
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  return (
    <AuthCard title={t('reset.title')} intro={t('reset.intro')}>
      <ResetPasswordForm token={params.get('token') ?? ''} />
    </AuthCard>
  );
}
