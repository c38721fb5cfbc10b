import { useId, useState, type ReactNode } from 'react';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Dialog, DialogActions, DialogContent } from '../../components/ui/dialog';
import { TextField } from '../../components/ui/form-controls';
import { toast, toastFailure } from '../../components/ui/toast';
import { showServerFieldErrors, useZodForm } from '../../lib/use-zod-form';
import { releaseFormSchema, reserveAt, reserveFormSchema } from './handover-forms';
import { useReleaseReservation, useReserve } from './handovers-api';

/** A dialog opened by its own trigger, so focus goes back to it when the dialog closes. */
export function FormDialog({
  trigger,
  title,
  description,
  children,
}: {
  trigger: ReactNode;
  title: string;
  description: string;
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogPrimitive.Trigger asChild>{trigger}</DialogPrimitive.Trigger>
      {open && (
        <DialogContent title={title} description={description}>
          {children(() => setOpen(false))}
        </DialogContent>
      )}
    </Dialog>
  );
}

export function ReserveForm({
  starterId,
  memberId,
  onDone,
}: {
  starterId: number;
  memberId: string;
  onDone: () => void;
}) {
  const { t } = useTranslation('conversations');
  const id = useId();
  const reserve = useReserve();
  const form = useZodForm(reserveFormSchema, { defaultValues: { date: '', time: '' } });
  const submit = form.handleSubmit((values) =>
    reserve.mutate(
      { starterId, memberId, at: reserveAt(values) },
      {
        onSuccess: () => {
          toast({ title: t('reserve.done'), description: t('reserve.doneText') });
          onDone();
        },
        onError: (err) => {
          showServerFieldErrors(form, err, ['date']);
          toastFailure(t('reserve.failed'))(err);
        },
      },
    ),
  );
  return (
    <form className="grid gap-4" noValidate onSubmit={submit}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField form={form} name="date" id={`${id}-date`} label={t('reserve.day')} type="date" />
        <TextField
          form={form}
          name="time"
          id={`${id}-time`}
          label={t('reserve.time')}
          type="time"
        />
      </div>
      <DialogActions>
        <Button type="submit" disabled={reserve.isPending}>
          {reserve.isPending ? t('reserve.reserving') : t('reserve.action')}
        </Button>
      </DialogActions>
    </form>
  );
}

export function ReleaseForm({
  reservationId,
  onDone,
}: {
  reservationId: number;
  onDone: () => void;
}) {
  const { t } = useTranslation('conversations');
  const id = useId();
  const release = useReleaseReservation();
  const form = useZodForm(releaseFormSchema, { defaultValues: { reason: '' } });
  const submit = form.handleSubmit(({ reason }) =>
    release.mutate(
      { id: reservationId, reason },
      {
        onSuccess: () => {
          toast({ title: t('release.done'), description: t('release.doneText') });
          onDone();
        },
        onError: (err) => {
          showServerFieldErrors(form, err, ['reason']);
          toastFailure(t('release.failed'))(err);
        },
      },
    ),
  );
  return (
    <form className="grid gap-4" noValidate onSubmit={submit}>
      <TextField
        form={form}
        name="reason"
        id={`${id}-reason`}
        label={t('release.reason')}
        hint={t('release.hint')}
      />
      <DialogActions>
        <Button type="submit" variant="destructive" disabled={release.isPending}>
          {t('release.action')}
        </Button>
      </DialogActions>
    </form>
  );
}
