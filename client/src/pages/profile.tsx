import { displayName } from '../../../common/display';
import type { Starter } from '../../../common/starters';
import { WithStarterDialogs } from '../app/starter-dialogs';
import { SignInRequired } from '../features/auth/sign-in-required';
import { ListingState } from '../features/handovers/listing-state';
import { MyHandovers } from '../features/handovers/my-handovers';
import { useConversations } from '../features/messages/messages-api';
import { useCurrentUser } from '../lib/current-user';
import { ProfileView } from '../features/profile/profile-view';
import { MyStarters } from '../features/starters/my-starters';
import { useDocumentTitle } from '../lib/use-document-title';

/** Under each of the member's listings: its hand-over state and who asked about it. */
function MyStartersWithState() {
  const conversations = useConversations();
  const askers = (starter: Starter) =>
    (conversations.data ?? [])
      .filter((c) => c.starterId === starter.id)
      .map((c) => displayName(c.otherUser));
  return <MyStarters below={(s) => <ListingState starter={s} askers={askers(s)} />} />;
}

export default function Page() {
  useDocumentTitle('Profile');
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return null;
  if (!user) return <SignInRequired message="You need to sign in to view your profile." />;
  return (
    <WithStarterDialogs>
      <ProfileView user={user} myStarters={<MyStartersWithState />} myHandovers={<MyHandovers />} />
    </WithStarterDialogs>
  );
}
