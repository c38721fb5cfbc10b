import { useEffect, useId, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Lightbulb } from 'lucide-react';
import { MESSAGE_MAX_LENGTH } from '../../../../common/site/constants';
import { messageFormSchema } from '../../../../common/conversations/messages';
import type { Starter } from '../../../../common/listings/starters';
import { Button } from '../../components/ui/button';
import { Dialog, DialogActions, DialogContent } from '../../components/ui/dialog';
import { CharacterCount, Field, fieldAria, Textarea } from '../../components/ui/form-controls';
import { toast, toastError } from '../../components/ui/toast';
import { ApiError, errorMessage } from '../../lib/api';
import { useCurrentUser } from '../../lib/current-user';
import { showServerFieldErrors, useZodForm } from '../../lib/use-zod-form';
import { useSendMessage } from './messages-api';
import { useNavigate } from 'react-router';
import { paths } from '../../lib/paths';
import { readDraft, saveDraft } from '../../lib/drafts';

export interface MessageOwnerDialogProps {
  starter: Starter;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The starter as its own feature shows it; the page composes it in. */
  summary: ReactNode;
  /** Signed out: the ways in (Sign In, Create Account) that come back to this dialog. */
  signInChoices: ReactNode;
  /** Signed in but not confirmed: said instead of letting them write what would be refused. */
  unconfirmedNotice: ReactNode;
}

/** Message Starter Owner dialog (spec §2, §4, §5). */
export function MessageOwnerDialog({
  starter,
  open,
  onOpenChange,
  summary,
  signInChoices,
  unconfirmedNotice,
}: MessageOwnerDialogProps) {
  const { t } = useTranslation('conversations');
  const { user, isLoading } = useCurrentUser();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {user || isLoading ? (
        <MessageForm
          starter={starter}
          onOpenChange={onOpenChange}
          summary={summary}
          unconfirmedNotice={user && !user.emailVerified ? unconfirmedNotice : null}
        />
      ) : (
        <DialogContent title={t('ask.signInTitle')} description={t('ask.signInText')}>
          <DialogActions>{signInChoices}</DialogActions>
        </DialogContent>
      )}
    </Dialog>
  );
}

function MessageForm({
  starter,
  onOpenChange,
  summary,
  unconfirmedNotice,
}: {
  starter: Starter;
  onOpenChange: (open: boolean) => void;
  summary: ReactNode;
  /** Set while the member's address is unconfirmed: the server would refuse the message. */
  unconfirmedNotice: ReactNode;
}) {
  const { t } = useTranslation('conversations');
  const id = useId();
  const fieldId = `${id}-message`;
  const countId = `${fieldId}-count`;
  const { user } = useCurrentUser();
  const draftKey = `message:${starter.id}`;
  const form = useZodForm(messageFormSchema, {
    defaultValues: { content: readDraft(user?.id, draftKey) },
  });
  const content = useWatch({ control: form.control, name: 'content' }) ?? '';
  // The member may become known after the dialog opened: bring their draft back then.
  useEffect(() => {
    const draft = readDraft(user?.id, draftKey);
    if (draft && !form.getValues('content')) form.setValue('content', draft);
  }, [user?.id, draftKey, form]);
  // Closing the dialog keeps what was typed until the member comes back to this starter.
  useEffect(() => saveDraft(user?.id, draftKey, content), [user?.id, draftKey, content]);
  const error = form.formState.errors.content?.message;
  const send = useSendMessage();
  const navigate = useNavigate();

  const submit = form.handleSubmit(({ content }) =>
    send.mutate(
      { starterId: starter.id, receiverId: starter.userId, content },
      {
        onSuccess: (message) => {
          saveDraft(user?.id, draftKey, '');
          form.reset({ content: '' });
          onOpenChange(false);
          toast(
            message.status === 'held'
              ? {
                  title: t('ask.heldTitle'),
                  description: t('ask.heldText'),
                }
              : {
                  title: t('ask.sentTitle'),
                  description: t('ask.sentText'),
                  // The way on: the conversation the message started.
                  action: {
                    label: t('ask.openConversation'),
                    onClick: () =>
                      void navigate(paths.conversation.href(starter.id, starter.userId)),
                  },
                },
          );
        },
        onError: (err) => {
          if (err instanceof ApiError && err.status === 401) {
            toast({
              title: t('ask.signInToast'),
              description: t('ask.signInToastText'),
              variant: 'destructive',
            });
            return;
          }
          showServerFieldErrors(form, err, ['content']);
          toastError(errorMessage(err, t('ask.failed')));
        },
      },
    ),
  );

  const blocked = !!unconfirmedNotice;
  return (
    <DialogContent
      title={t('ask.title')}
      // The message box first, not whatever control comes first in the summary.
      onOpenAutoFocus={(event) => {
        if (blocked) return;
        event.preventDefault();
        form.setFocus('content');
      }}
    >
      <form onSubmit={submit} noValidate className="grid grid-cols-[minmax(0,1fr)] gap-4">
        {unconfirmedNotice}
        {summary}
        <Field id={fieldId} label={t('ask.label')} error={error}>
          <Textarea
            {...fieldAria(fieldId, error)}
            aria-describedby={`${error ? `${fieldId}-error ` : ''}${countId}`}
            placeholder={t('ask.placeholder')}
            rows={5}
            disabled={blocked}
            {...form.register('content')}
          />
          <CharacterCount id={countId} length={content.length} max={MESSAGE_MAX_LENGTH} />
        </Field>
        <p className="flex gap-2 rounded-xl bg-sage-soft p-3 text-sm text-text">
          <Lightbulb className="mt-0.5 size-4 shrink-0 text-sage" aria-hidden />
          <span>
            <Trans t={t} i18nKey="ask.tip" components={{ strong: <strong /> }} />
          </span>
        </p>
        <DialogActions>
          <Button type="submit" disabled={send.isPending || blocked}>
            {send.isPending ? t('ask.sending') : t('ask.send')}
          </Button>
        </DialogActions>
      </form>
    </DialogContent>
  );
}
