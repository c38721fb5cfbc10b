import { useTranslation } from 'react-i18next';
import './starter-map.css';
import type { BrowseFilters } from './browse-filters';
import { shownInView } from './map-view-math';
import { StarterMapList } from './starter-map-list';
import { StarterMapPreview } from './starter-map-preview';
import { useStarterMapView } from './use-starter-map-view';

/**
 * Browse on a map (decision 082): the offered starters inside the view, as clusters and single
 * starters, with the list's filters; a tapped starter shows a card. Beside it (below on a
 * phone) the same view in words, with links, for keyboards and screen readers.
 */
export default function StarterMapView({ filters }: { filters: BrowseFilters }) {
  const { t } = useTranslation('browse');
  const { container, view, query, openCluster, previewed, closePreview } =
    useStarterMapView(filters);

  // The answer covers the view widened to whole tiles (so small pans share it); the list
  // names only what the map shows.
  const data = query.data;
  const listed = data && view ? shownInView(data, view.bounds) : null;
  return (
    <div className="grid min-w-0 gap-4 xl:grid-cols-[1fr_16rem] xl:items-start">
      <div className="relative min-w-0">
        <h1 className="sr-only">{t('results.heading')}</h1>
        <div
          ref={container}
          className="starter-map h-[60vh] min-h-80 w-full overflow-hidden rounded-2xl border border-border"
          role="region"
          aria-label={t('map.region')}
        />
        {previewed && <StarterMapPreview starter={previewed} onClose={closePreview} />}
      </div>
      <StarterMapList
        listed={listed}
        fetching={query.isFetching}
        failed={query.isError}
        onRetry={() => void query.refetch()}
        openCluster={openCluster}
      />
    </div>
  );
}
