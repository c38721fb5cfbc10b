import { useId } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  createSanctionSchema,
  MODERATION_REASON_MAX_LENGTH,
  type SanctionKind,
} from '../../../../common/moderation/moderation';
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
import { useMessageText } from '../../lib/message-text';
import { showServerFieldErrors, useZodForm } from '../../lib/use-zod-form';
import { useCreateSanction } from './moderation-api';
import { useDateText } from './texts';
import { useModerationRole, useSuspensionDayChoices } from './moderation-role';

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
  const { t } = useTranslation('moderation');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={t('sanction.title', { name: target.name })}
        description={t('sanction.description')}
      >
        {open && <SanctionForm target={target} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

const DEFAULT_DAYS = 7;

function SanctionForm({ target, onDone }: { target: SanctionTarget; onDone: () => void }) {
  const { t } = useTranslation('moderation');
  const say = useMessageText();
  const { dateTime } = useDateText();
  // A steward suspends for a week at most and never bans (decision 166).
  const steward = !!useModerationRole().stewardOf;
  const kindOptions = (
    [
      { value: 'suspension', label: t('sanction.suspend') },
      { value: 'ban', label: t('sanction.ban') },
    ] as const satisfies readonly RadioCardOption<SanctionKind>[]
  ).filter((option) => !steward || option.value === 'suspension');
  const dayChoices = useSuspensionDayChoices();
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
          title: t('shared.success'),
          description:
            sanction.kind === 'ban'
              ? t('sanction.bannedToast', { name: target.name })
              : t('sanction.suspendedToast', {
                  name: target.name,
                  date: dateTime(sanction.endsAt!),
                }),
        });
        onDone();
      },
      onError: (err) => {
        showServerFieldErrors(form, err, ['kind', 'days', 'reason']);
        toastError(say(errorMessage(err, t('sanction.failed'))));
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
        legend={t('sanction.legend')}
        options={kindOptions}
        className={steward ? 'grid-cols-1' : 'grid-cols-2'}
        // A ban has no length; a suspension starts again from a week.
        onChosen={(value) => form.setValue('days', value === 'ban' ? undefined : DEFAULT_DAYS)}
      />

      {kind === 'suspension' && (
        <Field id={daysId} label={t('sanction.suspendFor')} error={errors.days?.message}>
          <NativeSelect {...fieldAria(daysId, errors.days?.message)} {...form.register('days')}>
            {dayChoices.map((d) => (
              <option key={d} value={d}>
                {t('sanction.days', { count: d })}
              </option>
            ))}
          </NativeSelect>
        </Field>
      )}

      <TextareaField
        form={form}
        name="reason"
        id={reasonId}
        label={t('shared.reason')}
        hint={t('sanction.reasonHint')}
        maxLength={MODERATION_REASON_MAX_LENGTH}
      />

      <DialogActions>
        <Button type="submit" variant="destructive" disabled={create.isPending}>
          {create.isPending
            ? t('shared.saving')
            : kind === 'ban'
              ? t('sanction.banMember')
              : t('sanction.suspendMember')}
        </Button>
      </DialogActions>
    </form>
  );
}
