import { Link } from 'react-router';
import { errorMessage } from '../../../lib/api';
import { paths } from '../../../lib/paths';
import { textLinkClass } from '../../../lib/page-links';
import { useCurrentUser } from '../../../lib/current-user';
import { Button } from '../../../components/ui/button';
import { safeNextPath, withNextPath } from '../../../../../common/site/return-path';
import { useConfirmationDetails, useConfirmEmail } from './auth-api';
import { Trans, useTranslation } from 'react-i18next';
import { useMessageText } from '../../../lib/message-text';

function LinkProblem({ message }: { message: string }) {
  const { t } = useTranslation('auth');
  const say = useMessageText();
  return (
    <div className="grid gap-3 text-center" role="alert">
      <p>{say(message)}</p>
      <p className="text-sm text-muted">
        {t('confirm.signedInHint')}{' '}
        <Link to={paths.home} className={textLinkClass}>
          {t('confirm.goHome')}
        </Link>
      </p>
    </div>
  );
}

/**
 * /confirm-email?token=…[&next=…]: names the account and the address, and confirms only when
 * the member presses the button — mail scanners open links, and opening must not confirm. A
 * link mailed at sign-up from a page (a starter, say) leads back to it: straight there when
 * this browser is signed in, through /login otherwise.
 */
export function ConfirmEmail({ token, next }: { token: string; next?: string | null }) {
  const details = useConfirmationDetails(token);
  const confirm = useConfirmEmail();
  const { user } = useCurrentUser();
  const back = safeNextPath(next);
  const { t } = useTranslation('auth');
  const say = useMessageText();

  if (!token) return <LinkProblem message={t('confirm.incomplete')} />;
  // The way on once the address is confirmed: back to the page the link was mailed from (through
  // /login when this browser is signed out), else to browse.
  const wayOn = (signedOutToLogin: boolean) =>
    back !== paths.home || (signedOutToLogin && !user) ? (
      <Button asChild className="justify-self-center">
        {user ? (
          <Link to={back}>{t('confirm.continue')}</Link>
        ) : (
          <Link to={withNextPath(paths.login, back)}>{t('confirm.signInToContinue')}</Link>
        )}
      </Button>
    ) : (
      <Link to={paths.browse} className={textLinkClass}>
        {t('confirm.browse')}
      </Link>
    );
  if (confirm.isSuccess) {
    return (
      <div className="grid gap-3 text-center" role="status">
        <p>
          {say(confirm.data.message)} {t('confirm.done')}
        </p>
        {wayOn(false)}
      </div>
    );
  }
  if (details.data?.alreadyConfirmed) {
    // A used link reopened: nothing is wrong, the address is confirmed.
    return (
      <div className="grid gap-3 text-center" role="status">
        <p>
          <Trans
            t={t}
            i18nKey="confirm.already"
            values={{ email: details.data.email }}
            components={{ strong: <strong className="break-all" /> }}
          />{' '}
          {t('confirm.done')}
        </p>
        {wayOn(true)}
      </div>
    );
  }
  if (details.isError || confirm.isError) {
    return (
      <LinkProblem
        message={errorMessage(details.error ?? confirm.error, t('confirm.didNotWork'))}
      />
    );
  }
  if (!details.data) {
    return (
      <p className="text-center" role="status">
        {t('confirm.checking')}
      </p>
    );
  }
  return (
    <div className="grid gap-4 text-center">
      <p>
        <Trans
          t={t}
          i18nKey="confirm.question"
          values={{ email: details.data.email, name: details.data.name }}
          components={{ strong: <strong className="break-all" /> }}
        />
      </p>
      <Button
        className="justify-self-center"
        disabled={confirm.isPending}
        onClick={() => confirm.mutate(token)}
      >
        {confirm.isPending ? t('confirm.busy') : t('confirm.button', { name: details.data.name })}
      </Button>
      <p className="text-sm text-muted">{t('confirm.notYou')}</p>
    </div>
  );
}
