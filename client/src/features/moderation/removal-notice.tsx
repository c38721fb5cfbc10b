import { useId, useState } from 'react';
import { Link } from 'react-router';
import { ShieldAlert } from 'lucide-react';
import { APPEAL_MAX_LENGTH, appealSchema } from '../../../../common/moderation';
import { removalReasonLabel, removalReasonSummary } from '../../../../common/removal-reasons';
import type { Starter } from '../../../../common/starters';
import { Button } from '../../components/ui/button';
import { CharacterCount, Label, Textarea } from '../../components/ui/form-controls';
import { toast, toastError } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { paths } from '../../lib/paths';
import { timeAgo } from '../../lib/time';
import { useAppealRemoval, useStarterRemoval } from './moderation-api';

/**
 * On a removed listing, for its owner: which rule it broke, and their one appeal, which goes to
 * the moderators' queue. Others never reach the page ("This starter is no longer available").
 */
export function RemovalNotice({ starter, isOwner }: { starter: Starter; isOwner: boolean }) {
  const id = useId();
  const removed = !!starter.removedAt && isOwner;
  const removal = useStarterRemoval(starter.id, removed);
  if (!removed) return null;
  const data = removal.data;
  const summary = data ? removalReasonSummary(data.reason) : null;
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-2xl border border-danger/40 bg-danger-soft/40 p-5"
    >
      <div className="flex items-center gap-2">
        <ShieldAlert className="size-5 shrink-0 text-danger" aria-hidden />
        <h2 id={`${id}-title`} className="font-semibold">
          A Moderator Removed This Listing
        </h2>
      </div>
      {data ? (
        <>
          <p className="mt-2 text-sm">
            It breaks <strong>{removalReasonLabel(data.reason)}</strong>
            {summary ? `: ${summary}` : '.'}
          </p>
          {data.note && (
            <p className="mt-2 text-sm wrap-anywhere whitespace-pre-line">
              The moderator added: {data.note}
            </p>
          )}
        </>
      ) : (
        removal.isError && <p className="mt-2 text-sm">Failed to load why it was removed.</p>
      )}
      <p className="mt-2 text-sm text-muted">
        Only you and the moderators can see it now. Read the{' '}
        <Link
          to={paths.rules}
          className="inline-flex min-h-11 items-center font-medium text-accent-hover underline underline-offset-4 dark:text-accent"
        >
          Community Rules
        </Link>
      </p>
      {data && <AppealPart starterId={starter.id} removal={data} />}
    </section>
  );
}

function AppealPart({
  starterId,
  removal,
}: {
  starterId: number;
  removal: NonNullable<ReturnType<typeof useStarterRemoval>['data']>;
}) {
  const id = useId();
  const appeal = useAppealRemoval(starterId);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();

  if (removal.decision === 'upheld') {
    return (
      <p className="mt-3 text-sm font-medium">
        A moderator read your appeal and the removal stands. You are welcome to share a new listing
        that follows the rules.
      </p>
    );
  }
  if (removal.appeal) {
    return (
      <div className="mt-3 text-sm">
        <p className="font-medium" role="status">
          Appeal sent {timeAgo(removal.appeal.createdAt)}. A moderator will read it and restore the
          listing or keep it removed; we&apos;ll email you either way.
        </p>
        <blockquote className="mt-2 rounded-lg border border-border bg-surface p-3 wrap-anywhere whitespace-pre-line">
          {removal.appeal.text}
        </blockquote>
      </div>
    );
  }

  const send = () => {
    const parsed = appealSchema.safeParse({ text });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      document.getElementById(`${id}-text`)?.focus();
      return;
    }
    appeal.mutate(parsed.data.text, {
      onSuccess: () =>
        toast({ title: 'Success!', description: 'Your appeal has been sent to the moderators.' }),
      onError: (err) => toastError(errorMessage(err, 'Failed to send appeal')),
    });
  };

  return (
    <form
      className="mt-3 grid gap-1.5"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
    >
      <p className="text-sm">
        Think this is a mistake? Tell the moderators why. You can appeal once.
      </p>
      <Label htmlFor={`${id}-text`} className="mt-1">
        Your Appeal
      </Label>
      <Textarea
        id={`${id}-text`}
        rows={3}
        value={text}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
        onChange={(e) => {
          setText(e.target.value);
          setError(undefined);
        }}
      />
      <CharacterCount id={`${id}-count`} length={text.length} max={APPEAL_MAX_LENGTH} />
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
      <Button type="submit" className="mt-1 justify-self-start" disabled={appeal.isPending}>
        {appeal.isPending ? 'Sending...' : 'Appeal This Removal'}
      </Button>
    </form>
  );
}
