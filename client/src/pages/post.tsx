import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../components/ui/button';
import { SignInRequired } from '../features/account/auth/sign-in-required';
import { useCurrentUser } from '../lib/current-user';
import { PostAgain, PostStarterFromHandover } from '../app/pay-it-forward';
import { usePageTitle } from '../lib/use-document-title';
import { paths } from '../lib/paths';

export default function Page() {
  usePageTitle('post');
  const { t } = useTranslation('starters');
  const { user, isLoading } = useCurrentUser();
  const [search] = useSearchParams();
  if (isLoading) return null;
  if (!user)
    return (
      <SignInRequired message={t('pages.postSignIn')}>
        <Button variant="outline" asChild>
          <Link to={paths.browse}>{t('pages.browseStarters')}</Link>
        </Button>
      </SignInRequired>
    );
  const again = search.get('again');
  if (again !== null) return <PostAgain starterId={again} />;
  return <PostStarterFromHandover from={search.get('from')} />;
}
