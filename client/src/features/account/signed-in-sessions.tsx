import { useState } from 'react';
import { Laptop } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { MemberSession } from '../../../../common/members/sessions';
import { Badge } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';
import { MutationButton } from '../../components/ui/mutation-button';
import { toast, toastFailure } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { useMessageText } from '../../lib/message-text';
import { timeAgo } from '../../lib/time';
import { useEndOtherSessions, useEndSession, useSessions, useUndoLinks } from './account-api';

/** "Firefox on Android", or what the browser told of itself. */
function deviceName(session: MemberSession, t: TFunction<'account'>): string {
  if (session.browser && session.system)
    return t('sessions.device', { browser: session.browser, system: session.system });
  return session.browser ?? session.system ?? t('sessions.unknownBrowser');
}

/** What signing a device out tells the member, whichever button did it. */
function useSignOutOutcome() {
  const { t } = useTranslation('account');
  return {
    onSuccess: (notice: { message: string }) =>
      toast({ title: t('sessions.signedOut'), description: notice.message }),
    onError: toastFailure('Please try again.', t('sessions.couldNotSignOut')),
  };
}

function SessionRow({ session }: { session: MemberSession }) {
  const { t } = useTranslation('account');
  const outcome = useSignOutOutcome();
  const end = useEndSession();
  const name = deviceName(session, t);
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="flex min-w-0 items-start gap-3">
        <Laptop className="mt-0.5 size-5 shrink-0 text-muted" aria-hidden />
        <div className="min-w-0">
          <p className="font-medium">
            {name} {session.current && <Badge>{t('sessions.thisDevice')}</Badge>}
          </p>
          <p className="text-sm text-muted">
            {session.place
              ? t('sessions.whereWhen', {
                  place: session.place,
                  signedIn: timeAgo(session.createdAt),
                  active: timeAgo(session.lastSeenAt),
                })
              : t('sessions.when', {
                  signedIn: timeAgo(session.createdAt),
                  active: timeAgo(session.lastSeenAt),
                })}
          </p>
        </div>
      </div>
      <MutationButton
        variant="outline"
        size="sm"
        aria-label={
          session.current ? t('sessions.signOutThis') : t('sessions.signOutNamed', { name })
        }
        mutation={end}
        variables={session}
        outcome={outcome}
      >
        {t('sessions.signOut')}
      </MutationButton>
    </li>
  );
}

/** Mailed links that can still move the account back to an old address, while any work. */
function UndoLinks() {
  const { t, i18n } = useTranslation('account');
  const links = useUndoLinks().data ?? [];
  if (links.length === 0) return null;
  const until = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeStyle: 'short' }).format(
      new Date(iso),
    );
  return (
    <section
      aria-labelledby="undo-links-heading"
      className="grid gap-1 border-t border-border pt-3"
    >
      <h3 id="undo-links-heading" className="font-medium">
        {t('sessions.undoHeading')}
      </h3>
      <p className="text-sm text-muted">{t('sessions.undoIntro')}</p>
      <ul className="grid gap-1 text-sm">
        {links.map((link) => (
          <li key={link.expiresAt + link.email} className="wrap-anywhere">
            {t('sessions.undoLink', { email: link.email, until: until(link.expiresAt) })}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * /profile: where the member is signed in; sign out any one device, or all but this one (and
 * the passkeys with them, if the member asks).
 */
export function SignedInSessions() {
  const { t } = useTranslation('account');
  const say = useMessageText();
  const outcome = useSignOutOutcome();
  const sessions = useSessions();
  const endOthers = useEndOtherSessions();
  const [removePasskeys, setRemovePasskeys] = useState(false);
  const list = sessions.data ?? [];
  const others = list.filter((s) => !s.current).length;
  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby="sessions-heading" className="grid gap-3">
        <h2 id="sessions-heading" className="text-lg font-semibold">
          {t('sessions.heading')}
        </h2>
        {sessions.isError && (
          <p role="alert" className="text-sm">
            {say(errorMessage(sessions.error, t('sessions.loadFailed')))}
          </p>
        )}
        {sessions.isPending ? (
          <p className="text-sm text-muted">{t('sessions.loading')}</p>
        ) : (
          <ul className="divide-y divide-border">
            {list.map((s) => (
              <SessionRow key={s.id} session={s} />
            ))}
          </ul>
        )}
        {others > 0 && (
          <div className="grid gap-3">
            <div className="flex items-start gap-3">
              <input
                id="sign-out-passkeys"
                type="checkbox"
                className="mt-0.5 size-5 shrink-0 cursor-pointer rounded accent-accent"
                checked={removePasskeys}
                onChange={(e) => setRemovePasskeys(e.target.checked)}
                aria-describedby="sign-out-passkeys-hint"
              />
              <div className="grid gap-0.5">
                <label htmlFor="sign-out-passkeys" className="text-sm">
                  {t('sessions.removePasskeys')}
                </label>
                <p id="sign-out-passkeys-hint" className="text-xs text-muted">
                  {t('sessions.removePasskeysHint')}
                </p>
              </div>
            </div>
            <MutationButton
              variant="outline"
              className="justify-self-start"
              mutation={endOthers}
              variables={{ removePasskeys }}
              outcome={{
                ...outcome,
                onSuccess: (notice) => {
                  setRemovePasskeys(false);
                  outcome.onSuccess(notice);
                },
              }}
            >
              {t('sessions.signOutOthers')}
            </MutationButton>
          </div>
        )}
        <UndoLinks />
      </section>
    </Card>
  );
}
