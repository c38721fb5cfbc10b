import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../lib/api';
import { paths } from '../../lib/paths';
import { useConfirmEmail } from './auth-api';

/** /confirm-email?token=…: confirms once on arrival and says how it went. */
export function ConfirmEmail({ token }: { token: string }) {
  const confirm = useConfirmEmail();
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
        <Link to={paths.browse} className={link}>
          Browse starters
        </Link>
      </div>
    );
  }
  return (
    <p className="text-center" role="status">
      Confirming your address…
    </p>
  );
}
