import { useSearchParams } from 'react-router';
import { AuthCard } from '../features/account/auth/auth-card';
import { ConfirmEmail } from '../features/account/auth/confirm-email';
import { usePageTitle } from '../lib/use-document-title';
import { useTranslation } from 'react-i18next';

export default function Page() {
  usePageTitle('confirmEmail');
  const [params] = useSearchParams();
  const { t } = useTranslation('auth');
  return (
    <AuthCard title={t('confirm.title')} intro={t('confirm.intro')}>
      <ConfirmEmail token={params.get('token') ?? ''} next={params.get('next')} />
    </AuthCard>
  );
}
