import { useTranslation } from 'react-i18next';
import type { Alert } from '../../../../common/listings/alerts';
import { shownDistance, useUnitSystem } from '../../lib/unit-system';
export { useTypeName } from '../../lib/catalogue-text';

/**
 * An alert in words: "“rye” · Grain Ferments within 10 km of Leeds" (as `describeAlert` says it
 * in English), in the page's language and the member's units ("within 6.2 mi of Leeds").
 */
export function useDescribeAlert(): (
  a: Pick<Alert, 'search' | 'location' | 'radiusKm'> & { typeName?: string | null },
) => string {
  const { t } = useTranslation('account');
  const [system] = useUnitSystem();
  return (a) => {
    const what = [a.search ? t('alerts.words', { words: a.search }) : null, a.typeName]
      .filter(Boolean)
      .join(' · ');
    const values = {
      what: what || t('alerts.anything'),
      radius: shownDistance(system, a.radiusKm),
      location: a.location,
    };
    return system === 'imperial'
      ? t('alerts.descriptionMi', values)
      : t('alerts.description', values);
  };
}
