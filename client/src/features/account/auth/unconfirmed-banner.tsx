import { Button } from '../../../components/ui/button';
import { toast, toastError } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api';
import { useCurrentUser } from '../../../lib/current-user';
import { useResendConfirmation } from './auth-api';
import { Trans, useTranslation } from 'react-i18next';

/** Across the top of every page until the signed-in member confirms their address. */
export function UnconfirmedBanner() {
  const { user } = useCurrentUser();
  const resend = useResendConfirmation();
  const { t } = useTranslation('auth');
  if (!user || user.emailVerified) return null;

  const onResend = async () => {
    try {
      const notice = await resend.mutateAsync();
      // The server's notice, in the page's language.
      toast({ title: t('unconfirmed.sent'), description: notice.message });
    } catch (err) {
      toastError(errorMessage(err, t('unconfirmed.failed')), t('unconfirmed.couldNotSend'));
    }
  };
  return (
    <aside
      aria-label={t('unconfirmed.label')}
      className="border-b border-border bg-accent-soft px-4 py-2 text-sm"
    >
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2">
        <p>
          <Trans
            t={t}
            i18nKey="unconfirmed.text"
            values={{ email: user.email }}
            components={{ strong: <strong /> }}
          />
        </p>
        <Button size="sm" variant="outline" onClick={onResend} disabled={resend.isPending}>
          {resend.isPending ? t('unconfirmed.sending') : t('unconfirmed.resend')}
        </Button>
      </div>
    </aside>
  );
}
