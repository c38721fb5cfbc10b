import { Link } from 'react-router';
import { LogIn, UserPlus } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { joinHref, signInHref } from '../../../lib/sign-in-return';
import { useTranslation } from 'react-i18next';

/**
 * What a 'Sign In Required' prompt offers: Sign In for members, Create Account for newcomers.
 * Both go through the app's own pages (which offer the external provider when one is set) and
 * carry `next`, so the visitor comes back to what they were doing (decision 048).
 */
export function SignInChoices({ next }: { next: string }) {
  const { t } = useTranslation('auth');
  return (
    <>
      <Button asChild variant="outline">
        <Link to={joinHref(next)}>
          <UserPlus className="size-4" aria-hidden />
          {t('choices.join')}
        </Link>
      </Button>
      <Button asChild>
        <Link to={signInHref(next)}>
          <LogIn className="size-4" aria-hidden />
          {t('choices.signIn')}
        </Link>
      </Button>
    </>
  );
}
