import { Navigate, useSearchParams } from 'react-router';
import { AuthCard } from '../features/account/auth/auth-card';
import { useSignInWithLink } from '../features/account/auth/auth-api';
import { MailedLinkAction } from '../features/account/auth/mailed-link-action';
import { paths } from '../lib/paths';
import { usePageTitle } from '../lib/use-document-title';
import { useTranslation } from 'react-i18next';

export default function Page() {
  usePageTitle('signInLink');
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const signIn = useSignInWithLink();
  return (
    <AuthCard title={t('linkSignIn.title')} intro={t('linkSignIn.intro')}>
      <MailedLinkAction
        token={params.get('token') ?? ''}
        explain={t('linkSignIn.explain')}
        label={t('linkSignIn.submit')}
        busyLabel={t('linkSignIn.busy')}
        action={signIn}
        done={signIn.isSuccess ? <Navigate to={paths.home} replace /> : null}
      />
    </AuthCard>
  );
}
