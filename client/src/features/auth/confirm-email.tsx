import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../lib/api';
import { paths } from '../../lib/paths';
import { useCurrentUser } from '../../lib/current-user';
import { Button } from '../../components/ui/button';
import { safeNextPath, withNextPath } from '../../../../common/return-path';
import { useConfirmEmail } from './auth-api';

/**
 * /confirm-email?token=…[&next=…]: confirms once on arrival and says how it went. A link mailed
 * at sign-up from a page (a starter, say) leads back to it: straight there when this browser is
 * signed in, through /login otherwise.
 */
export function ConfirmEmail({ token, next }: { token: string; next?: string | null }) {
  const confirm = useConfirmEmail();
  const { user } = useCurrentUser();
  const back = safeNextPath(next);
  const started = useRef(false);
  useEffect(() => {
    // One POST per visit, even when React runs effects twice in development.
    if (started.current || !token) return;
    started.current = true;
    confirm.mutate(token);
  }, [confirm, token]);

  const link = 'font-medium text-accent-hover underline underline-offset-4 dark:text-accent';
  if (!token || confirm.isError) {
    return (
      <div className="grid gap-3 text-center" role="alert">
        <p>
          {token
            ? errorMessage(confirm.error, 'This link did not work.')
            : 'This link is incomplete.'}
        </p>
        <p className="text-sm text-muted">
          Signed in? Use “Send a new link” at the top of any page.{' '}
          <Link to={paths.home} className={link}>
            Go home
          </Link>
        </p>
      </div>
    );
  }
  if (confirm.isSuccess) {
    return (
      <div className="grid gap-3 text-center" role="status">
        <p>{confirm.data.message} You can now share starters and message neighbours.</p>
        {back !== paths.home ? (
          <Button asChild className="justify-self-center">
            {user ? (
              <Link to={back}>Continue Where You Were</Link>
            ) : (
              <Link to={withNextPath(paths.login, back)}>Sign In to Continue</Link>
            )}
          </Button>
        ) : (
          <Link to={paths.browse} className={link}>
            Browse starters
          </Link>
        )}
      </div>
    );
  }
  return (
    <p className="text-center" role="status">
      Confirming your address…
    </p>
  );
}
