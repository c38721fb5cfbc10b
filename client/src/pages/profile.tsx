import { SignInRequired } from '../features/auth/sign-in-required';
import { useCurrentUser } from '../features/auth/use-current-user';
import { ProfileView } from '../features/profile/profile-view';
import { useDocumentTitle } from '../lib/use-document-title';

export default function Page() {
  useDocumentTitle('Profile');
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return null;
  if (!user) return <SignInRequired message="You need to sign in to view your profile." />;
  return <ProfileView user={user} />;
}
