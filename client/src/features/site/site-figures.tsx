import { useTranslation } from 'react-i18next';
import type { SiteFigures } from '../../../../common/site/site';

/**
 * "312 starters shared · 1,048 kitchens reached": the server's counts (decision 046), counted
 * and written in the page's language (the server's render and the browser's use the same one).
 */
export function SiteFiguresLine({ figures }: { figures: SiteFigures }) {
  const { t } = useTranslation('home');
  return (
    <p className="text-sm font-medium text-muted">
      <span>{t('figures.shared', { count: figures.startersShared })}</span>
      <span aria-hidden> · </span>
      <span className="sr-only">, </span>
      <span>{t('figures.reached', { count: figures.kitchensReached })}</span>
    </p>
  );
}
