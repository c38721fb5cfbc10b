import { useTranslation } from 'react-i18next';
import { reportReasons } from '../../../common/catalogue';

/** The reasons of a report (a post's or a message's), in the page's language. */
export function useReportReasons() {
  const { t } = useTranslation('conversations');
  return reportReasons.map((reason) => ({
    value: reason.value,
    label: t(`report.reasons.${reason.value}`),
    hint: reason.hint
      ? t(`report.hints.${reason.value as 'inappropriate' | 'safety' | 'other'}`)
      : undefined,
  }));
}
