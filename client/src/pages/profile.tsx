import { Navigate, useLocation } from 'react-router';
import { WithStarterDialogs } from '../app/starter-dialogs';
import { SignInRequired } from '../features/account/auth/sign-in-required';
import { ListingState } from '../features/handovers/listing-state';
import { MyHandovers } from '../features/handovers/my-handovers';
import { ReliabilitySummary } from '../features/handovers/reliability-summary';
import { useStarterActivity } from '../features/handovers/handovers-api';
import { useCurrentUser } from '../lib/current-user';
import { MyAlerts } from '../features/alerts/my-alerts';
import { ProfileView } from '../features/profile/profile-view';
import { AwaySetting } from '../features/account/away-setting';
import { NotificationSettings } from '../features/account/notification-settings';
import { PushSettingsCard } from '../features/account/push-settings';
import { MyStarters } from '../features/starters/my-starters';
import { HiddenListings, SavedListings } from '../features/saved/saved-lists';
import { usePageTitle } from '../lib/use-document-title';
import { useTranslation } from 'react-i18next';
import { paths } from '../lib/paths';
import { CultureDied } from '../features/lineage/culture-died';

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

/** The parts of the account that moved to /settings, by the anchors older links carry. */
const SETTINGS_ANCHORS = new Set(['#password', '#email', '#passkeys', '#data', '#sessions']);

/**
 * An older link to a part of the account on /profile (a mailed "add a passkey" link, a
 * bookmark): the same part on /settings, its token and anchor kept.
 */
function settingsLink({ search, hash }: { search: string; hash: string }): string | null {
  if (!SETTINGS_ANCHORS.has(hash) && !new URLSearchParams(search).has('passkey')) return null;
  return `${paths.settings}${search}${hash}`;
}

export default function Page() {
  const { t } = useTranslation('account');
  usePageTitle('profile');
  const location = useLocation();
  const { user, isLoading } = useCurrentUser();
  const moved = settingsLink(location);
  if (moved) return <Navigate to={moved} replace />;
  if (isLoading) return null;
  if (!user) return <SignInRequired message={t('profile.signInRequired')} />;
  return (
    <WithStarterDialogs>
      <ProfileView
        user={user}
        myStarters={<MyStartersWithState />}
        myHandovers={
          <MyHandovers onReceived={(s) => <CultureDied starterId={s.id} title={s.title} />} />
        }
        notificationSettings={
          <>
            <AwaySetting />
            <PushSettingsCard />
            <NotificationSettings />
          </>
        }
        myAlerts={<MyAlerts />}
        summary={<ReliabilitySummary userId={user.id} />}
        marked={
          <>
            <SavedListings />
            <HiddenListings />
          </>
        }
      />
    </WithStarterDialogs>
  );
}
