import { useTranslation } from 'react-i18next';
import type { Alert } from '../../../../common/alerts';
export { useTypeName } from '../../lib/catalogue-text';

/**
 * An alert in words: "“rye” · Grain Ferments within 10 km of Leeds" (as `describeAlert` says it
 * in English), in the page's language.
 */
export function useDescribeAlert(): (
  a: Pick<Alert, 'search' | 'location' | 'radiusKm'> & { typeName?: string | null },
) => string {
  const { t } = useTranslation('account');
  return (a) => {
    const what = [a.search ? t('alerts.words', { words: a.search }) : null, a.typeName]
      .filter(Boolean)
      .join(' · ');
    return t('alerts.description', {
      what: what || t('alerts.anything'),
      radius: a.radiusKm,
      location: a.location,
    });
  };
}
