import { WithStarterDialogs } from '../app/starter-dialogs';
import { SignInRequired } from '../features/auth/sign-in-required';
import { ListingState } from '../features/handovers/listing-state';
import { MyHandovers } from '../features/handovers/my-handovers';
import { ReliabilitySummary } from '../features/handovers/reliability-summary';
import { useStarterActivity } from '../features/handovers/handovers-api';
import { useCurrentUser } from '../lib/current-user';
import { MyAlerts } from '../features/alerts/my-alerts';
import { ProfileView } from '../features/profile/profile-view';
import { MyStarters } from '../features/starters/my-starters';
import { usePageTitle } from '../lib/use-document-title';
import { PasskeySettings } from '../features/passkeys/passkey-settings';
import { LeaveAccount } from '../features/account/leave-account';
import { useTranslation } from 'react-i18next';
import { LanguagePicker } from '../features/site/language-picker';
import { DistanceUnits } from '../features/care/distance-units';

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

/** The member's language (saved on their account) and distance units (decision 090). */
function LanguageAndUnits() {
  const { t } = useTranslation();
  return (
    <section
      aria-label={t('language.label')}
      className="mb-6 grid gap-4 rounded-2xl border border-border bg-surface p-5 sm:grid-cols-2"
    >
      <LanguagePicker shows="account" />
      <DistanceUnits />
    </section>
  );
}

export default function Page() {
  const { t } = useTranslation('account');
  usePageTitle('profile');
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return null;
  if (!user) return <SignInRequired message={t('profile.signInRequired')} />;
  return (
    <WithStarterDialogs>
      <ProfileView
        user={user}
        myStarters={<MyStartersWithState />}
        myHandovers={<MyHandovers />}
        myAlerts={<MyAlerts />}
        summary={<ReliabilitySummary userId={user.id} />}
        account={
          <>
            <LanguageAndUnits />
            <section
              aria-label={t('profile.passkeysAndData')}
              className="grid gap-6 md:grid-cols-2"
            >
              <PasskeySettings />
              <LeaveAccount />
            </section>
          </>
        }
      />
    </WithStarterDialogs>
  );
}
