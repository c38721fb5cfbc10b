import { useId } from 'react';
import { useWatch } from 'react-hook-form';
import {
  createSanctionSchema,
  MODERATION_REASON_MAX_LENGTH,
  SUSPENSION_DAY_CHOICES,
  type SanctionKind,
} from '../../../../common/moderation';
import { Button } from '../../components/ui/button';
import { Dialog, DialogActions, DialogContent } from '../../components/ui/dialog';
import {
  Field,
  fieldAria,
  NativeSelect,
  RadioCardsField,
  TextareaField,
  type RadioCardOption,
} from '../../components/ui/form-controls';
import { toast, toastError } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { showServerFieldErrors, useZodForm } from '../../lib/use-zod-form';
import { useCreateSanction } from './moderation-api';

export interface SanctionTarget {
  userId: string;
  name: string;
  reportId?: number;
}

/** Suspend a member for a chosen period, or ban them; a reason is always required. */
export function SanctionDialog({
  target,
  open,
  onOpenChange,
}: {
  target: SanctionTarget;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={`Sanction ${target.name}`}
        description="Their sessions end at once; they cannot sign in, post, message or report until the sanction ends or is lifted."
      >
        {open && <SanctionForm target={target} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

const KIND_OPTIONS = [
  { value: 'suspension', label: 'Suspend' },
  { value: 'ban', label: 'Ban' },
] as const satisfies readonly RadioCardOption<SanctionKind>[];

const DEFAULT_DAYS = 7;

function SanctionForm({ target, onDone }: { target: SanctionTarget; onDone: () => void }) {
  const id = useId();
  const create = useCreateSanction();
  const form = useZodForm(createSanctionSchema, {
    defaultValues: {
      userId: target.userId,
      reportId: target.reportId,
      kind: 'suspension',
      days: DEFAULT_DAYS,
      reason: '',
    },
  });
  const kind = useWatch({ control: form.control, name: 'kind' });
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit((input) =>
    create.mutate(input, {
      onSuccess: (sanction) => {
        toast({
          title: 'Success!',
          description:
            sanction.kind === 'ban'
              ? `${target.name} has been banned.`
              : `${target.name} is suspended until ${new Date(sanction.endsAt!).toLocaleString()}.`,
        });
        onDone();
      },
      onError: (err) => {
        showServerFieldErrors(form, err, ['kind', 'days', 'reason']);
        toastError(errorMessage(err, 'Failed to sanction member'));
      },
    }),
  );

  const reasonId = `${id}-reason`;
  const daysId = `${id}-days`;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      <RadioCardsField
        form={form}
        name="kind"
        id={`${id}-kind`}
        legend="Sanction"
        options={KIND_OPTIONS}
        className="grid-cols-2"
        // A ban has no length; a suspension starts again from a week.
        onChosen={(value) => form.setValue('days', value === 'ban' ? undefined : DEFAULT_DAYS)}
      />

      {kind === 'suspension' && (
        <Field id={daysId} label="Suspend for" error={errors.days?.message}>
          <NativeSelect {...fieldAria(daysId, errors.days?.message)} {...form.register('days')}>
            {SUSPENSION_DAY_CHOICES.map((d) => (
              <option key={d} value={d}>
                {d === 1 ? '1 day' : `${d} days`}
              </option>
            ))}
          </NativeSelect>
        </Field>
      )}

      <TextareaField
        form={form}
        name="reason"
        id={reasonId}
        label="Reason"
        hint="Shown to the member when they try to sign in, and kept in the audit log."
        maxLength={MODERATION_REASON_MAX_LENGTH}
      />

      <DialogActions>
        <Button type="submit" variant="destructive" disabled={create.isPending}>
          {create.isPending ? 'Saving...' : kind === 'ban' ? 'Ban Member' : 'Suspend Member'}
        </Button>
      </DialogActions>
    </form>
  );
}
