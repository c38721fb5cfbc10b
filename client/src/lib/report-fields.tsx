import { useId, type ReactNode } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { REPORT_DESCRIPTION_MAX_LENGTH } from '../../../common/site/constants';
import { reportReasons } from '../../../common/listings/catalogue';
import { Button } from '../components/ui/button';
import { DialogActions } from '../components/ui/dialog';
import { ChoiceWithDetailsFields, type FormBinding } from '../components/ui/form-controls';

/** The reasons of a report (a post's or a message's), in the page's language. */
function useReportReasons() {
  const { t } = useTranslation('conversations');
  return reportReasons.map((reason) => ({
    value: reason.value,
    label: t(`report.reasons.${reason.value}`),
    hint: reason.hinted
      ? t(`report.hints.${reason.value as 'inappropriate' | 'safety' | 'other'}`)
      : undefined,
  }));
}

/** A report's form: a `reason` of the catalogue and its `description`. */
type ReportForm<Values extends FieldValues> = FormBinding<Values> & {
  clearErrors: (name: FieldPath<Values>) => void;
};

/**
 * Why a post or a message is reported: the reasons as cards, then the words, required for
 * "Other", within the report's limit.
 */
export function ReportReasonFields<Values extends FieldValues>({
  form,
  legend,
}: {
  form: ReportForm<Values>;
  legend: ReactNode;
}) {
  const { t } = useTranslation('conversations');
  const reasons = useReportReasons();
  const id = useId();
  return (
    <ChoiceWithDetailsFields
      form={form}
      id={id}
      choice={'reason' as FieldPath<Values>}
      details={'description' as FieldPath<Values>}
      legend={legend}
      options={reasons}
      detailsLabel={t('report.details')}
      detailsPlaceholder={t('report.detailsPlaceholder')}
      detailsRequiredFor="other"
      maxLength={REPORT_DESCRIPTION_MAX_LENGTH}
    />
  );
}

/** Submit Report, "Submitting…" while it is sent. */
export function ReportSubmit({ pending }: { pending: boolean }) {
  const { t } = useTranslation('conversations');
  return (
    <DialogActions>
      <Button type="submit" variant="destructive" disabled={pending}>
        {pending ? t('report.submitting') : t('report.submit')}
      </Button>
    </DialogActions>
  );
}
