import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/api';
import { paths } from '../../../lib/paths';
import { Button } from '../../../components/ui/button';
import { useTranslation } from 'react-i18next';
import { useMessageText } from '../../../lib/message-text';

/**
 * A mailed one-time link's page: it explains, and acts only when the member presses the button
 * (mail scanners open links, and opening must not use the link up).
 */
export function MailedLinkAction({
  token,
  explain,
  label,
  busyLabel,
  action,
  done,
}: {
  token: string;
  explain: ReactNode;
  label: string;
  busyLabel: string;
  action: { mutate(token: string): void; isPending: boolean; isError: boolean; error: unknown };
  done: ReactNode | null;
}) {
  const { t } = useTranslation('auth');
  const say = useMessageText();
  if (!token || action.isError) {
    return (
      <div className="grid gap-3 text-center" role="alert">
        <p>
          {token
            ? say(errorMessage(action.error, t('mailedLink.didNotWork')))
            : t('mailedLink.incomplete')}
        </p>
        <Link
          to={paths.login}
          className="font-medium text-accent-hover underline underline-offset-4 dark:text-accent"
        >
          {t('mailedLink.goToSignIn')}
        </Link>
      </div>
    );
  }
  if (done) {
    return (
      <div className="grid gap-3 text-center" role="status">
        {done}
      </div>
    );
  }
  return (
    <div className="grid gap-4 text-center">
      <p>{explain}</p>
      <Button
        className="justify-self-center"
        disabled={action.isPending}
        onClick={() => action.mutate(token)}
      >
        {action.isPending ? busyLabel : label}
      </Button>
    </div>
  );
}
