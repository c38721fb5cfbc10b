import { Link, useParams } from 'react-router';
import { EditStarter } from '../app/pay-it-forward';
import { Button } from '../components/ui/button';
import { SignInRequired } from '../features/auth/sign-in-required';
import { useCurrentUser } from '../lib/current-user';
import { paths } from '../lib/paths';

export default function Page() {
  const { id } = useParams();
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return null;
  if (!user)
    return (
      <SignInRequired message="You need to sign in to edit a starter.">
        <Button variant="outline" asChild>
          <Link to={paths.browse}>Browse Starters</Link>
        </Button>
      </SignInRequired>
    );
  return <EditStarter rawId={id} />;
}
