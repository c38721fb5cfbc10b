import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EditStarter } from '../app/pay-it-forward';
import { Button } from '../components/ui/button';
import { SignInRequired } from '../features/account/auth/sign-in-required';
import { useCurrentUser } from '../lib/current-user';
import { paths } from '../lib/paths';

export default function Page() {
  const { id } = useParams();
  const { t } = useTranslation('starters');
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return null;
  if (!user)
    return (
      <SignInRequired message={t('pages.editSignIn')}>
        <Button variant="outline" asChild>
          <Link to={paths.browse}>{t('pages.browseStarters')}</Link>
        </Button>
      </SignInRequired>
    );
  return <EditStarter rawId={id} />;
}
