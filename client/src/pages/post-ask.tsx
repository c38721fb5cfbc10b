import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../components/ui/button';
import { AskForm } from '../features/asks/ask-form';
import { SignInRequired } from '../features/account/auth/sign-in-required';
import { PlacePicker } from '../features/starters/place-picker';
import { useCurrentUser } from '../lib/current-user';
import { paths } from '../lib/paths';
import { usePageTitle } from '../lib/use-document-title';

export default function Page() {
  const { t } = useTranslation('account');
  usePageTitle('postAsk');
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return null;
  if (!user)
    return (
      <SignInRequired message={t('asks.signInRequired')}>
        <Button variant="outline" asChild>
          <Link to={paths.browse}>{t('asks.browse')}</Link>
        </Button>
      </SignInRequired>
    );
  return (
    <div className="mx-auto max-w-2xl px-4 py-6 sm:py-10">
      <h1 className="mb-6 text-2xl font-bold tracking-tight sm:text-3xl">{t('asks.ask')}</h1>
      <AskForm
        place={user.place ?? undefined}
        placeField={(props) => <PlacePicker {...props} labelled />}
      />
    </div>
  );
}
