import { useId, useState } from 'react';
import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useTranslation } from 'react-i18next';
import {
  REMOVAL_REASON_REQUIRED,
  removalReasons,
  type RemovalReason,
} from '../../../../common/removal-reasons';
import { REMOVAL_NOTE_MAX_LENGTH, type ReportItem } from '../../../../common/reports';
import { Button } from '../../components/ui/button';
import { Label, RadioCards, Textarea } from '../../components/ui/form-controls';
import { useReturnFocus } from '../../lib/return-focus';
import { useRemoveStarter } from './moderation-api';
import { useRemovalReasonLabel, useRemovalReasonSummary } from './texts';

/**
 * A moderator's "Remove Starter", confirmed with the rule it breaks: members no longer see it,
 * the owner is told which rule and how to appeal, and the report is resolved.
 */
export function RemoveStarterDialog({
  report,
  open,
  onOpenChange,
  onRemoved,
  onFailed,
}: {
  report: ReportItem;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onRemoved: () => void;
  onFailed: (err: unknown) => void;
}) {
  const { t } = useTranslation('moderation');
  const reasonLabel = useRemovalReasonLabel();
  const reasonSummary = useRemovalReasonSummary();
  const reasonOptions = removalReasons.map((r) => ({
    value: r.value,
    label: reasonLabel(r.value),
    hint: reasonSummary(r.value),
  }));
  const id = useId();
  const remove = useRemoveStarter();
  const returnFocus = useReturnFocus();
  const [reason, setReason] = useState<RemovalReason | ''>('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();

  const changeOpen = (next: boolean) => {
    if (!next) {
      setReason('');
      setNote('');
      setError(undefined);
    }
    onOpenChange(next);
  };

  const submit = () => {
    if (!reason) {
      setError(REMOVAL_REASON_REQUIRED);
      document.getElementById(`${id}-reason-${removalReasons[0].value}`)?.focus();
      return;
    }
    remove.mutate(
      { id: report.id, reason, note: note.trim() || null },
      {
        onSuccess: () => {
          changeOpen(false);
          onRemoved();
        },
        onError: onFailed,
      },
    );
  };

  return (
    <AlertDialog.Root open={open} onOpenChange={changeOpen}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <AlertDialog.Content
          {...returnFocus}
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-border bg-surface p-6 shadow-xl"
        >
          <AlertDialog.Title className="text-lg font-semibold">
            {t('removeDialog.title')}
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-muted">
            {t('removeDialog.description', { title: report.starter.title })}
          </AlertDialog.Description>
          <form
            className="mt-5 grid gap-4"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              submit();
            }}
          >
            <RadioCards
              id={`${id}-reason`}
              legend={t('removeDialog.legend')}
              options={reasonOptions}
              value={reason}
              onValueChange={(value) => {
                setReason(value);
                setError(undefined);
              }}
              error={error}
            />
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-note`}>{t('removeDialog.note')}</Label>
              <Textarea
                id={`${id}-note`}
                rows={3}
                maxLength={REMOVAL_NOTE_MAX_LENGTH}
                value={note}
                onChange={(e) => setNote(e.target.value)}
              />
            </div>
            <div className="mt-2 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <AlertDialog.Cancel asChild>
                <Button type="button" variant="outline">
                  {t('removeDialog.cancel')}
                </Button>
              </AlertDialog.Cancel>
              <Button type="submit" variant="destructive" disabled={remove.isPending}>
                {remove.isPending ? t('removeDialog.removing') : t('removeDialog.submit')}
              </Button>
            </div>
          </form>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
