import { SignInRequired } from '../features/auth/sign-in-required';
import { useCurrentUser } from '../lib/current-user';
import { AccessDenied, ModerationDashboard } from '../features/moderation/moderation-dashboard';
import { useDocumentTitle } from '../lib/use-document-title';
import { pages } from '../../../common/pages';
import { useTranslation } from 'react-i18next';

export default function Page() {
  useDocumentTitle(pages.moderation.title);
  const { t } = useTranslation('moderation');
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return null;
  if (!user) return <SignInRequired message={t('page.signIn')} />;
  if (!user.isModerator) return <AccessDenied />;
  return <ModerationDashboard />;
}
