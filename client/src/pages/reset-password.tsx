import { useSearchParams } from 'react-router';
import { AuthCard } from '../features/auth/auth-card';
import { ResetPasswordForm } from '../features/auth/reset-password-form';
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
