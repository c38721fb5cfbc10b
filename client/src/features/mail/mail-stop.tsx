import { useState } from 'react';
import { Link } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type MailChoice,
  type MailKind,
  type MailKindState,
} from '../../../../common/members/users';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { toastError } from '../../components/ui/toast';
import { apiRequest, errorMessage } from '../../lib/api';
import { useMessageText } from '../../lib/message-text';
import { paths } from '../../lib/paths';
import { mailSettingsKeys } from '../../lib/query-keys';

const linkClass = 'font-medium text-accent-hover underline';

const url = (key: string, kind: string) => `/api/mail/unsubscribe/${key}/${kind}`;

/**
 * What a mail's "Stop these emails" link opens (decision 054). Opening it changes nothing
 * (mail scanners open links); the button stops this one kind, and then the member may take
 * the daily digest instead, or undo.
 */
export function MailStop({ mailKey, kind }: { mailKey: string; kind: string }) {
  const { t } = useTranslation('account');
  const say = useMessageText();
  const queryClient = useQueryClient();
  const queryKey = mailSettingsKeys.byKey(mailKey, kind);
  const state = useQuery({
    queryKey,
    queryFn: ({ signal }) => apiRequest<MailKindState>(url(mailKey, kind), { signal }),
    retry: false,
  });
  /** The choice before this visit's stop, for Undo; null until they stop. */
  const [before, setBefore] = useState<MailChoice | null>(null);
  // Each change by key replaces the key; the page goes on with the new one (Undo, digest).
  const [key, setKey] = useState(mailKey);
  const change = useMutation({
    mutationFn: (choice: MailChoice) =>
      choice === 'off'
        ? apiRequest<MailKindState>(url(key, kind), { method: 'POST' })
        : apiRequest<MailKindState>(url(key, kind), { method: 'PUT', body: { choice } }),
    onSuccess: (next) => {
      if (next.key) setKey(next.key);
      queryClient.setQueryData(queryKey, next);
    },
    onError: (err) => toastError(errorMessage(err, say('Please try again.')), t('mailStop.failed')),
  });

  if (state.isPending) return <p role="status">{t('mailStop.loading')}</p>;
  if (state.isError) {
    return (
      <Card className="grid gap-3 p-6">
        <h1 className="text-2xl font-bold">{t('mailStop.expired')}</h1>
        <p>{say(errorMessage(state.error, t('mailStop.notValid')))}</p>
        <p>
          <Trans
            t={t}
            i18nKey="mailStop.signInAndChoose"
            components={{ profile: <Link to={paths.profile} className={linkClass} /> }}
          />
        </p>
      </Card>
    );
  }
  const current = state.data;
  const title = t(`mail.kinds.${current.kind as MailKind}.title`);
  const about = t(`mail.kinds.${current.kind as MailKind}.about`);
  const busy = change.isPending;

  if (before === null && current.choice !== 'off') {
    return (
      <Card className="grid gap-4 p-6">
        <h1 className="text-2xl font-bold">{t('mailStop.confirmTitle', { title })}</h1>
        <p>{t('mailStop.confirmText', { about })}</p>
        <Button
          className="justify-self-start"
          disabled={busy}
          onClick={() => {
            setBefore(current.choice);
            change.mutate('off');
          }}
        >
          {busy ? t('mailStop.stopping') : t('mailStop.stop', { title })}
        </Button>
      </Card>
    );
  }

  const undoTo = before ?? 'immediately';
  return (
    <Card className="grid gap-4 p-6">
      {current.choice === 'daily' ? (
        <>
          <h1 className="text-2xl font-bold">{t('mailStop.digestTitle')}</h1>
          <p role="status">{t('mailStop.digestText', { about })}</p>
        </>
      ) : current.choice === 'off' ? (
        <>
          <h1 className="text-2xl font-bold">{t('mailStop.stoppedTitle', { title })}</h1>
          <p role="status">{t('mailStop.stoppedText', { about })}</p>
        </>
      ) : (
        <>
          <h1 className="text-2xl font-bold">{t('mailStop.onTitle', { title })}</h1>
          <p role="status">{t('mailStop.onText', { about })}</p>
        </>
      )}
      <div className="flex flex-wrap gap-3">
        {current.mayDigest && current.choice === 'off' && (
          <Button disabled={busy} onClick={() => change.mutate('daily')}>
            {t('mailStop.digestInstead')}
          </Button>
        )}
        {current.choice !== undoTo && (
          <Button variant="outline" disabled={busy} onClick={() => change.mutate(undoTo)}>
            {t('mailStop.undo')}
          </Button>
        )}
      </div>
      <p className="text-sm text-muted">
        <Trans
          t={t}
          i18nKey="mailStop.everyKind"
          components={{ profile: <Link to={paths.profile} className={linkClass} /> }}
        />
      </p>
    </Card>
  );
}
