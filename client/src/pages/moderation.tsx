import { SignInRequired } from '../features/auth/sign-in-required';
import { useCurrentUser } from '../lib/current-user';
import { AccessDenied, ModerationDashboard } from '../features/moderation/moderation-dashboard';
import { useDocumentTitle } from '../lib/use-document-title';
import { pages } from '../../../common/pages';

export default function Page() {
  useDocumentTitle(pages.moderation.title);
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return null;
  if (!user) return <SignInRequired message="You need to sign in to access moderation tools." />;
  if (!user.isModerator) return <AccessDenied />;
  return <ModerationDashboard />;
}
