import { useTranslation } from 'react-i18next';
import { reportReasons } from '../../../../common/listings/catalogue';
import { removalReasons, type RemovalReason } from '../../../../common/moderation/removal-reasons';
import { currentLanguage, localeTag } from '../../lib/i18n';

const isReportReason = (value: string): value is (typeof reportReasons)[number]['value'] =>
  reportReasons.some((r) => r.value === value);
const isRemovalReason = (value: string): value is RemovalReason =>
  removalReasons.some((r) => r.value === value);

/** A report's reason as the moderators read it ("Safety Concerns"); the value if unknown. */
export function useReportReasonLabel(): (value: string) => string {
  const { t } = useTranslation('moderation');
  return (value) => (isReportReason(value) ? t(`reportReasons.${value}`) : value);
}

/** "Rule 1: Safety & Quality", "Guideline: Respect Privacy"; the value itself if unknown. */
export function useRemovalReasonLabel(): (value: string) => string {
  const { t } = useTranslation('moderation');
  return (value) => (isRemovalReason(value) ? t(`removalReasons.${value}.label`) : value);
}

export function useRemovalReasonSummary(): (value: string) => string | null {
  const { t } = useTranslation('moderation');
  return (value) => (isRemovalReason(value) ? t(`removalReasons.${value}.summary`) : null);
}

/**
 * A date (and time) in the page's language; English keeps the browser's own format, as
 * before the site spoke other languages.
 */
export function useDateText(): {
  date: (value: string | Date) => string;
  dateTime: (value: string | Date) => string;
} {
  const { i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const tag = language === 'en' ? undefined : localeTag(language);
  return {
    date: (value) => new Date(value).toLocaleDateString(tag),
    dateTime: (value) => new Date(value).toLocaleString(tag),
  };
}
