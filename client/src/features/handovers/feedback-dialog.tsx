import { useId, useState, type ReactElement } from 'react';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { useWatch } from 'react-hook-form';
import { Button } from '../../components/ui/button';
import { Dialog, DialogActions, DialogContent } from '../../components/ui/dialog';
import { CharacterCount, RadioCardsField, TextareaField } from '../../components/ui/form-controls';
import { toast, toastError } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { showServerFieldErrors, useZodForm } from '../../lib/use-zod-form';
import {
  FEEDBACK_NOTE_MAX_LENGTH,
  FEEDBACK_REASONS,
  feedbackReasonLabels,
  feedbackSchema,
} from '../../../../common/handovers';
import { useLeaveFeedback } from './handovers-api';

const reasons = FEEDBACK_REASONS.map((value) => ({ value, label: feedbackReasonLabels[value] }));

const ratings = [
  { value: 'up', label: '👍 It went well' },
  { value: 'down', label: '👎 It did not go well' },
] as const;

/**
 * 👍 / 👎 after a confirmed hand-over; 👎 asks what went wrong. The note is only for the
 * other member: the public sees counts.
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
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogPrimitive.Trigger asChild>{trigger}</DialogPrimitive.Trigger>
      {open && (
        <DialogContent
          title="How did it go?"
          description={`Your rating of the hand-over with ${otherName} counts towards their summary; your note is only for them.`}
        >
          <FeedbackForm handoverId={handoverId} onDone={() => setOpen(false)} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function FeedbackForm({ handoverId, onDone }: { handoverId: number; onDone: () => void }) {
  const id = useId();
  const leave = useLeaveFeedback();
  const form = useZodForm(feedbackSchema, {
    defaultValues: { rating: undefined, reason: '', note: '' },
  });
  const rating = useWatch({ control: form.control, name: 'rating' });
  const note = String(useWatch({ control: form.control, name: 'note' }) ?? '');

  const submit = form.handleSubmit((values) =>
    leave.mutate(
      {
        id: handoverId,
        rating: values.rating,
        reason: values.rating === 'down' ? values.reason : undefined,
        note: values.note,
      },
      {
        onSuccess: () => {
          toast({ title: 'Success!', description: 'Thank you! Your feedback has been saved.' });
          onDone();
        },
        onError: (err) => {
          showServerFieldErrors(form, err, ['rating', 'reason', 'note']);
          toastError(errorMessage(err, 'Failed to save feedback'));
        },
      },
    ),
  );

  return (
    <form className="grid gap-4" noValidate onSubmit={submit}>
      <RadioCardsField
        form={form}
        name="rating"
        id={`${id}-rating`}
        legend="Rating"
        options={ratings}
        className="sm:grid-cols-2"
      />
      {rating === 'down' && (
        <RadioCardsField
          form={form}
          name="reason"
          id={`${id}-reason`}
          legend="What went wrong?"
          options={reasons}
        />
      )}
      <div className="grid gap-1">
        <TextareaField
          form={form}
          name="note"
          id={`${id}-note`}
          label="A short note (optional)"
          rows={3}
          maxLength={FEEDBACK_NOTE_MAX_LENGTH}
        />
        <CharacterCount id={`${id}-count`} length={note.length} max={FEEDBACK_NOTE_MAX_LENGTH} />
      </div>
      <DialogActions>
        <Button type="submit" disabled={leave.isPending}>
          {leave.isPending ? 'Saving...' : 'Send feedback'}
        </Button>
      </DialogActions>
    </form>
  );
}
