import { useTranslation } from 'react-i18next';
import { ALERT_FREQUENCIES } from '../../../common/listings/alerts';

/** The choices of how often new listings are mailed: an alert's, and an ask's. */
export function AlertFrequencyOptions() {
  const { t } = useTranslation('account');
  return ALERT_FREQUENCIES.map((f) => (
    <option key={f} value={f}>
      {t(`alerts.frequencies.${f}`)}
    </option>
  ));
}
