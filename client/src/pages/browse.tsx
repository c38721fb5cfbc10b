import { lazy, Suspense } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { WithStarterDialogs } from '../app/starter-dialogs';
import { AsksView } from '../features/asks/asks-view';
import { BrowseView } from '../features/starters/browse-view';
import { cn } from '../lib/cn';
import { paths } from '../lib/paths';
import { useCurrentUser } from '../lib/current-user';
import { usePageTitle } from '../lib/use-document-title';

// Members only (visitors' pages go out rendered without it): not part of the page's first load.
const AlertButton = lazy(() =>
  import('../features/alerts/alert-button').then((m) => ({ default: m.AlertButton })),
);

/** "Offered" / "Asked for": which of browse's two views, kept in the URL (`?view=asks`). */
function ViewSwitch({ asks }: { asks: boolean }) {
  const { t } = useTranslation('browse');
  const tab = (label: string, to: string, current: boolean) => (
    <Link
      to={to}
      aria-current={current ? 'page' : undefined}
      className={cn(
        'inline-flex min-h-11 items-center rounded-full px-5 font-medium',
        current ? 'bg-accent text-accent-fg' : 'text-text hover:bg-surface-muted',
      )}
    >
      {label}
    </Link>
  );
  return (
    <nav aria-label={t('viewSwitch.label')} className="mx-auto max-w-6xl px-4 pt-6">
      <div className="inline-flex gap-1 rounded-full border border-border p-1">
        {tab(t('viewSwitch.offered'), paths.browse, !asks)}
        {tab(t('viewSwitch.asked'), paths.browseAsks, asks)}
      </div>
    </nav>
  );
}

export default function Page() {
  usePageTitle('browse');
  const [params] = useSearchParams();
  const asks = params.get('view') === 'asks';
  const { isSignedIn } = useCurrentUser();
  return (
    <>
      <ViewSwitch asks={asks} />
      {asks ? (
        <div className="mx-auto max-w-6xl px-4 py-6">
          <AsksView />
        </div>
      ) : (
        <WithStarterDialogs>
          <BrowseView />
          {/* On a phone, at the start and clear of the floating Share Starter button. */}
          <div className="mx-auto flex max-w-6xl justify-start px-4 pb-8 max-sm:pe-24 sm:justify-center">
            {isSignedIn && (
              <Suspense fallback={null}>
                <AlertButton />
              </Suspense>
            )}
          </div>
        </WithStarterDialogs>
      )}
    </>
  );
}
