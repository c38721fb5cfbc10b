import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../components/ui/button';
import { SignInRequired } from '../features/account/auth/sign-in-required';
import { MeetForm } from '../features/meets/meet-form';
import { PlacePicker } from '../features/starters/place-picker';
import { useCurrentUser } from '../lib/current-user';
import { paths } from '../lib/paths';
import { usePageTitle } from '../lib/use-document-title';

/** /meets/new — plan a swap meet. */
export default function Page() {
  const { t } = useTranslation('pages');
  usePageTitle('newMeet');
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return null;
  if (!user)
    return (
      <SignInRequired message={t('meets.signInToPlan')}>
        <Button variant="outline" asChild>
          <Link to={paths.meets}>{t('meets.heading')}</Link>
        </Button>
      </SignInRequired>
    );
  return (
    <div className="mx-auto max-w-2xl px-4 py-6 sm:py-10">
      <h1 className="mb-6 text-2xl font-bold tracking-tight sm:text-3xl">{t('meets.plan')}</h1>
      <MeetForm
        place={user.place ?? undefined}
        placeField={(props) => <PlacePicker {...props} labelled />}
      />
    </div>
  );
}
