import { SignInRequired } from '../features/auth/sign-in-required';
import { useCurrentUser } from '../lib/current-user';
import { MessagesView } from '../features/messages/messages-view';
import { starterQueries } from '../features/starters/starters-api';
import { useDocumentTitle } from '../lib/use-document-title';

export default function Page() {
  useDocumentTitle('Messages');
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return null;
  if (!user) return <SignInRequired message="You need to sign in to view your messages." />;
  return <MessagesView meId={user.id} starterQuery={starterQueries.detail} />;
}
