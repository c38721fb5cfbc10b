import { WithStarterDialogs } from '../app/starter-dialogs';
import { SignInRequired } from '../features/auth/sign-in-required';
import { ListingState } from '../features/handovers/listing-state';
import { MyHandovers } from '../features/handovers/my-handovers';
import { ReliabilitySummary } from '../features/handovers/reliability-summary';
import { useStarterActivity } from '../features/handovers/handovers-api';
import { useCurrentUser } from '../lib/current-user';
import { ProfileView } from '../features/profile/profile-view';
import { MyStarters } from '../features/starters/my-starters';
import { useDocumentTitle } from '../lib/use-document-title';
import { pages } from '../../../common/pages';

/** Under each of the member's listings: its hand-over state and who asked about it. */
function MyStartersWithState() {
  const activity = useStarterActivity();
  return (
    <MyStarters
      below={(s) => (
        <ListingState starter={s} activity={activity.data?.find((a) => a.starterId === s.id)} />
      )}
    />
  );
}

export default function Page() {
  useDocumentTitle(pages.profile.title);
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return null;
  if (!user) return <SignInRequired message="You need to sign in to view your profile." />;
  return (
    <WithStarterDialogs>
      <ProfileView
        user={user}
        myStarters={<MyStartersWithState />}
        myHandovers={<MyHandovers />}
        summary={<ReliabilitySummary userId={user.id} />}
      />
    </WithStarterDialogs>
  );
}
