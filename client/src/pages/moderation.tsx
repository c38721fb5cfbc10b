import { useTranslation } from 'react-i18next';
import { SignInRequired } from '../features/account/auth/sign-in-required';
import { AccessDenied, ModerationDashboard } from '../features/moderation/moderation-dashboard';
import { ModerationRoleProvider } from '../features/moderation/moderation-role';
import { PlacePicker } from '../features/starters/place-picker';
import { useCurrentUser } from '../lib/current-user';
import { usePageTitle } from '../lib/use-document-title';

export default function Page() {
  usePageTitle('moderation');
  const { t } = useTranslation('moderation');
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return null;
  if (!user) return <SignInRequired message={t('page.signIn')} />;
  // A steward sees the page limited to their areas (decision 166).
  const stewardOf = user.isModerator ? null : (user.stewardOf ?? []);
  if (stewardOf?.length === 0) return <AccessDenied />;
  return (
    <ModerationRoleProvider
      value={{ stewardOf, placeField: (props) => <PlacePicker {...props} labelled /> }}
    >
      <ModerationDashboard />
    </ModerationRoleProvider>
  );
}
