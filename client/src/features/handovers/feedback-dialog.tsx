import { useId, useState, type ReactElement } from 'react';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Dialog, DialogActions, DialogContent } from '../../components/ui/dialog';
import { CharacterCount, RadioCardsField, TextareaField } from '../../components/ui/form-controls';
import { toast, toastError } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { showServerFieldErrors, useZodForm } from '../../lib/use-zod-form';
import {
  FEEDBACK_NOTE_MAX_LENGTH,
  FEEDBACK_REASONS,
  feedbackSchema,
} from '../../../../common/conversations/handovers';
import { useLeaveFeedback } from './handovers-api';

/**
 * 👍 / 👎 after a confirmed hand-over; 👎 asks what went wrong. The rating and the note reach
 * the other member (a line in the conversation and a bell item); the public sees counts.
 */
export function FeedbackDialog({
  handoverId,
  otherName,
  trigger,
}: {
  handoverId: number;
  otherName: string;
  trigger: ReactElement;
}) {
  const { t } = useTranslation('conversations');
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogPrimitive.Trigger asChild>{trigger}</DialogPrimitive.Trigger>
      {open && (
        <DialogContent
          title={t('feedback.title')}
          description={t('feedback.description', { name: otherName })}
        >
          <FeedbackForm
            handoverId={handoverId}
            otherName={otherName}
            onDone={() => setOpen(false)}
          />
        </DialogContent>
      )}
    </Dialog>
  );
}

function FeedbackForm({
  handoverId,
  otherName,
  onDone,
}: {
  handoverId: number;
  otherName: string;
  onDone: () => void;
}) {
  const { t } = useTranslation('conversations');
  const reasons = FEEDBACK_REASONS.map((value) => ({
    value,
    label: t(`feedback.reasons.${value}`),
  }));
  const ratings = [
    { value: 'up', label: t('feedback.up') },
    { value: 'down', label: t('feedback.down') },
  ] as const;
  const id = useId();
  const leave = useLeaveFeedback();
  const form = useZodForm(feedbackSchema, {
    defaultValues: { rating: undefined, reason: '', note: '' },
  });
  const rating = useWatch({ control: form.control, name: 'rating' });
  const note = String(useWatch({ control: form.control, name: 'note' }) ?? '');

  // Awaited rather than the mutation's callbacks: once left, the hand-over offers no feedback
  // any more and this dialog's button goes as the lists reload — the toast must still come.
  const submit = form.handleSubmit(async (values) => {
    try {
      await leave.mutateAsync({
        id: handoverId,
        rating: values.rating,
        reason: values.rating === 'down' ? values.reason : undefined,
        note: values.note,
      });
    } catch (err) {
      showServerFieldErrors(form, err, ['rating', 'reason', 'note']);
      toastError(errorMessage(err, t('feedback.failed')));
      return;
    }
    // Delivered: a line in the conversation and a bell item for the other member.
    toast({ title: t('success'), description: t('feedback.delivered', { name: otherName }) });
    onDone();
  });

  return (
    <form className="grid gap-4" noValidate onSubmit={submit}>
      <RadioCardsField
        form={form}
        name="rating"
        id={`${id}-rating`}
        legend={t('feedback.rating')}
        options={ratings}
        className="sm:grid-cols-2"
      />
      {rating === 'down' && (
        <>
          <RadioCardsField
            form={form}
            name="reason"
            id={`${id}-reason`}
            legend={t('feedback.whatWentWrong')}
            options={reasons}
          />
          <p className="text-sm text-muted">{t('feedback.downWaits')}</p>
        </>
      )}
      <div className="grid gap-1">
        <TextareaField
          form={form}
          name="note"
          id={`${id}-note`}
          label={t('feedback.note')}
          rows={3}
          maxLength={FEEDBACK_NOTE_MAX_LENGTH}
        />
        <CharacterCount id={`${id}-count`} length={note.length} max={FEEDBACK_NOTE_MAX_LENGTH} />
      </div>
      <DialogActions>
        <Button type="submit" disabled={leave.isPending}>
          {leave.isPending ? t('feedback.saving') : t('feedback.send')}
        </Button>
      </DialogActions>
    </form>
  );
}
