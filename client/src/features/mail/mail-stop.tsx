import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  mailKindLabels,
  type MailChoice,
  type MailKind,
  type MailKindState,
} from '../../../../common/users';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { toastError } from '../../components/ui/toast';
import { apiRequest, errorMessage } from '../../lib/api';
import { paths } from '../../lib/paths';
import { mailSettingsKeys } from '../../lib/query-keys';

const url = (key: string, kind: string) => `/api/mail/unsubscribe/${key}/${kind}`;

/**
 * What a mail's "Stop these emails" link opens (decision 054). Opening it changes nothing
 * (mail scanners open links); the button stops this one kind, and then the member may take
 * the daily digest instead, or undo.
 */
export function MailStop({ mailKey, kind }: { mailKey: string; kind: string }) {
  const queryClient = useQueryClient();
  const queryKey = mailSettingsKeys.byKey(mailKey, kind);
  const state = useQuery({
    queryKey,
    queryFn: ({ signal }) => apiRequest<MailKindState>(url(mailKey, kind), { signal }),
    retry: false,
  });
  /** The choice before this visit's stop, for Undo; null until they stop. */
  const [before, setBefore] = useState<MailChoice | null>(null);
  const change = useMutation({
    mutationFn: (choice: MailChoice) =>
      choice === 'off'
        ? apiRequest<MailKindState>(url(mailKey, kind), { method: 'POST' })
        : apiRequest<MailKindState>(url(mailKey, kind), { method: 'PUT', body: { choice } }),
    onSuccess: (next) => queryClient.setQueryData(queryKey, next),
    onError: (err) =>
      toastError(errorMessage(err, 'Please try again.'), 'Failed to change your email settings'),
  });

  if (state.isPending) return <p role="status">Loading...</p>;
  if (state.isError) {
    return (
      <Card className="grid gap-3 p-6">
        <h1 className="text-2xl font-bold">This Link Has Expired</h1>
        <p>{errorMessage(state.error, 'This link is not valid any more.')}</p>
        <p>
          Sign in and choose your emails under{' '}
          <Link to={paths.profile} className="font-medium text-accent-hover underline">
            Notifications on your profile
          </Link>
          .
        </p>
      </Card>
    );
  }
  const current = state.data;
  const { title, about } = mailKindLabels[current.kind as MailKind];
  const busy = change.isPending;

  if (before === null && current.choice !== 'off') {
    return (
      <Card className="grid gap-4 p-6">
        <h1 className="text-2xl font-bold">Stop {title} Emails?</h1>
        <p>
          We&apos;ll stop emailing you about {about}. Your other CultureShare emails stay as they
          are.
        </p>
        <Button
          className="justify-self-start"
          disabled={busy}
          onClick={() => {
            setBefore(current.choice);
            change.mutate('off');
          }}
        >
          {busy ? 'Stopping...' : `Stop ${title} Emails`}
        </Button>
      </Card>
    );
  }

  const undoTo = before ?? 'immediately';
  return (
    <Card className="grid gap-4 p-6">
      {current.choice === 'daily' ? (
        <>
          <h1 className="text-2xl font-bold">Success! One Daily Digest</h1>
          <p role="status">
            You&apos;ll get one email a day about {about}, instead of one each time.
          </p>
        </>
      ) : current.choice === 'off' ? (
        <>
          <h1 className="text-2xl font-bold">Stopped: {title} Emails</h1>
          <p role="status">
            We won&apos;t email you about {about} any more. Your other emails stay as they are.
          </p>
        </>
      ) : (
        <>
          <h1 className="text-2xl font-bold">{title} Emails Are On</h1>
          <p role="status">We&apos;ll email you about {about} again.</p>
        </>
      )}
      <div className="flex flex-wrap gap-3">
        {current.mayDigest && current.choice === 'off' && (
          <Button disabled={busy} onClick={() => change.mutate('daily')}>
            Get a Daily Digest Instead
          </Button>
        )}
        {current.choice !== undoTo && (
          <Button variant="outline" disabled={busy} onClick={() => change.mutate(undoTo)}>
            Undo
          </Button>
        )}
      </div>
      <p className="text-sm text-muted">
        Every kind of email has its own line under{' '}
        <Link to={paths.profile} className="font-medium text-accent-hover underline">
          Notifications on your profile
        </Link>
        .
      </p>
    </Card>
  );
}
