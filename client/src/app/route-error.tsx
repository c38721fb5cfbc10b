import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../lib/paths';
import { ErrorBoundary } from '../components/ui/error-boundary';

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

/**
 * Shows RouteError in place of the page (header and footer too) when a page fails to render or
 * its code fails to load; a move to another address tries again.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary fallback={<RouteError />} resetKey={pathname}>
      {children}
    </ErrorBoundary>
  );
}
