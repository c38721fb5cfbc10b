import { SignInRequired } from '../features/account/auth/sign-in-required';
import { useCurrentUser } from '../lib/current-user';
import { AccessDenied, ModerationDashboard } from '../features/moderation/moderation-dashboard';
import { usePageTitle } from '../lib/use-document-title';
import { useTranslation } from 'react-i18next';

export default function Page() {
  usePageTitle('moderation');
  const { t } = useTranslation('moderation');
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return null;
  if (!user) return <SignInRequired message={t('page.signIn')} />;
  if (!user.isModerator) return <AccessDenied />;
  return <ModerationDashboard />;
}
