import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../lib/paths';

/** Shown when a page fails to render or its code fails to load. */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-lg px-4 py-24 text-center" role="alert">
      <h1 className="text-2xl font-bold">{t('routeError.title')}</h1>
      <p className="mt-2 text-muted">{t('routeError.body')}</p>
      <Link to={paths.home} className="mt-6 inline-block font-medium text-accent underline">
        {t('routeError.home')}
      </Link>
    </div>
  );
}
