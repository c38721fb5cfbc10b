import { useId, useState } from 'react';
import { ShieldAlert } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { APPEAL_MAX_LENGTH, appealSchema } from '../../../../common/moderation/moderation';
import type { Starter } from '../../../../common/listings/starters';
import { Button } from '../../components/ui/button';
import { CharacterCount, FieldError, Label, Textarea } from '../../components/ui/form-controls';
import { toast, toastError } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { useMessageText } from '../../lib/message-text';
import { tapPageLinks } from '../../lib/page-links';
import { timeAgo } from '../../lib/time';
import { useAppealRemoval, useStarterRemoval } from './moderation-api';
import { useRemovalReasonLabel, useRemovalReasonSummary } from './texts';

/**
 * On a removed listing, for its owner: which rule it broke, and their one appeal, which goes to
 * the moderators' queue. Others never reach the page ("This starter is no longer available").
 */
export function RemovalNotice({ starter, isOwner }: { starter: Starter; isOwner: boolean }) {
  const { t } = useTranslation('moderation');
  const removalReasonLabel = useRemovalReasonLabel();
  const removalReasonSummary = useRemovalReasonSummary();
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
          {t('removal.title')}
        </h2>
      </div>
      {data ? (
        <>
          <p className="mt-2 text-sm">
            <Trans
              t={t}
              i18nKey={summary ? 'removal.breaks' : 'removal.breaksRule'}
              values={{ rule: removalReasonLabel(data.reason), summary }}
              components={{ strong: <strong /> }}
            />
          </p>
          {data.note && (
            <p className="mt-2 text-sm wrap-anywhere whitespace-pre-line">
              {t('removal.note', { note: data.note })}
            </p>
          )}
        </>
      ) : (
        removal.isError && <p className="mt-2 text-sm">{t('removal.failed')}</p>
      )}
      <p className="mt-2 text-sm text-muted">
        <Trans t={t} i18nKey="removal.onlyYou" components={tapPageLinks} />
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
  const { t } = useTranslation('moderation');
  const say = useMessageText();
  const id = useId();
  const appeal = useAppealRemoval(starterId);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();

  if (removal.decision === 'upheld') {
    return <p className="mt-3 text-sm font-medium">{t('removal.upheld')}</p>;
  }
  if (removal.appeal) {
    return (
      <div className="mt-3 text-sm">
        <p className="font-medium" role="status">
          {t('removal.sent', { time: timeAgo(removal.appeal.createdAt) })}
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
      onSuccess: () => toast({ title: t('shared.success'), description: t('removal.sentToast') }),
      onError: (err) => toastError(say(errorMessage(err, t('removal.sendFailed')))),
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
      <p className="text-sm">{t('removal.mistake')}</p>
      <Label htmlFor={`${id}-text`} className="mt-1">
        {t('removal.label')}
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
      <FieldError id={id} error={error} />
      <Button type="submit" className="mt-1 justify-self-start" disabled={appeal.isPending}>
        {appeal.isPending ? t('removal.sending') : t('removal.submit')}
      </Button>
    </form>
  );
}
