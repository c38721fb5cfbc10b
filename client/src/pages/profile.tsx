import { WithStarterDialogs } from '../app/starter-dialogs';
import { SignInRequired } from '../features/auth/sign-in-required';
import { useCurrentUser } from '../lib/current-user';
import { ProfileView } from '../features/profile/profile-view';
import { MyStarters } from '../features/starters/my-starters';
import { useDocumentTitle } from '../lib/use-document-title';

export default function Page() {
  useDocumentTitle('Profile');
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return null;
  if (!user) return <SignInRequired message="You need to sign in to view your profile." />;
  return (
    <WithStarterDialogs>
      <ProfileView user={user} myStarters={<MyStarters />} />
    </WithStarterDialogs>
  );
}
