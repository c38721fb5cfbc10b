import { lazy, Suspense } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { List, Map as MapIcon } from 'lucide-react';
import { cn } from '../../lib/cn';
import { useHydrated } from '../../lib/use-hydrated';
import type { BrowseFilters } from './browse-filters';
import { useMapStart } from './starter-map-api';

/** Leaflet, the outline and the map's code load only when someone opens the map. */
const StarterMapView = lazy(() => import('./starter-map-view'));

/** Browse's offered starters as a list or on a map (`?view=map`), kept in the address. */
export function useBrowseMode(): 'list' | 'map' {
  const [params] = useSearchParams();
  return params.get('view') === 'map' ? 'map' : 'list';
}

/** The address of this page in the other mode, every filter kept. */
function modeHref(params: URLSearchParams, mode: 'list' | 'map'): string {
  const next = new URLSearchParams(params);
  next.delete('page');
  if (mode === 'map') next.set('view', 'map');
  else {
    next.delete('view');
    next.delete('at');
  }
  const query = next.toString();
  return query ? `?${query}` : '?';
}

/** List | Map. */
export function BrowseModeSwitch() {
  const { t } = useTranslation('browse');
  const [params] = useSearchParams();
  const mode = useBrowseMode();
  const tab = (label: string, value: 'list' | 'map', Icon: typeof List) => (
    <Link
      to={modeHref(params, value)}
      aria-current={mode === value ? 'page' : undefined}
      className={cn(
        'inline-flex min-h-11 items-center gap-1.5 rounded-full px-4 text-sm font-medium',
        mode === value ? 'bg-sage text-surface' : 'text-text hover:bg-surface-muted',
      )}
    >
      <Icon className="size-4" aria-hidden />
      {label}
    </Link>
  );
  return (
    <nav aria-label={t('mode.label')} className="mt-4 flex justify-end">
      <div className="inline-flex gap-1 rounded-full border border-border p-1">
        {tab(t('mode.list'), 'list', List)}
        {tab(t('mode.map'), 'map', MapIcon)}
      </div>
    </nav>
  );
}

function MapPlaceholder() {
  const { t } = useTranslation('browse');
  return (
    <div className="min-w-0">
      <div
        className="h-[60vh] min-h-80 animate-pulse rounded-2xl border border-border bg-surface-muted"
        role="status"
      >
        <span className="sr-only">{t('mode.loadingMap')}</span>
      </div>
    </div>
  );
}

/** Where the map goes: drawn in the browser only (the page sent rendered shows the list's place). */
export function BrowseMapSlot({ filters }: { filters: BrowseFilters }) {
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  // Where the map will open, asked while its code loads.
  useMapStart(filters, !params.get('at'));
  if (!hydrated) return <MapPlaceholder />;
  return (
    <Suspense fallback={<MapPlaceholder />}>
      <StarterMapView filters={filters} />
    </Suspense>
  );
}
