import { useId, useState } from 'react';
import {
  AlertDialog,
  AlertDialogContent,
  AlertDialogActions,
} from '../../components/ui/alert-dialog';
import { useTranslation } from 'react-i18next';
import {
  REMOVAL_REASON_REQUIRED,
  removalReasons,
  type RemovalReason,
} from '../../../../common/moderation/removal-reasons';
import { REMOVAL_NOTE_MAX_LENGTH, type ReportItem } from '../../../../common/moderation/reports';
import { Button } from '../../components/ui/button';
import { Label, RadioCards, Textarea } from '../../components/ui/form-controls';
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
    void remove.mutateAsync({ id: report.id, reason, note: note.trim() || null }).then(() => {
      changeOpen(false);
      onRemoved();
    }, onFailed);
  };

  return (
    <AlertDialog open={open} onOpenChange={changeOpen}>
      <AlertDialogContent
        title={t('removeDialog.title')}
        description={t('removeDialog.description', { title: report.starter.title })}
        wide
      >
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
          <AlertDialogActions cancel={t('removeDialog.cancel')} inForm>
            <Button type="submit" variant="destructive" disabled={remove.isPending}>
              {remove.isPending ? t('removeDialog.removing') : t('removeDialog.submit')}
            </Button>
          </AlertDialogActions>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
