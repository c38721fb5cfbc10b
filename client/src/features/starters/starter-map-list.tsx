import { useId } from 'react';
import { Link } from 'react-router';
import { ZoomIn } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { categoryEmoji } from '../../../../common/listings/catalogue';
import type { MapCluster, MapStarter } from '../../../../common/listings/starter-map';
import { Button } from '../../components/ui/button';
import { paths } from '../../lib/paths';
import type { ClusterTarget } from './starter-map-layers';

/**
 * The map's view in words, beside it (below on a phone), for keyboards and screen readers:
 * how many starters it shows, a link to each and a button to open each cluster.
 */
export function StarterMapList({
  listed,
  fetching,
  failed,
  onRetry,
  openCluster,
}: {
  /** What the map shows, once it has an answer. */
  listed: {
    count: number;
    complete: boolean;
    starters: MapStarter[];
    clusters: MapCluster[];
  } | null;
  fetching: boolean;
  failed: boolean;
  onRetry: () => void;
  openCluster: (cluster: ClusterTarget) => void;
}) {
  const { t } = useTranslation('browse');
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      aria-busy={fetching}
      className="min-w-0 rounded-2xl border border-border bg-surface p-4"
    >
      <h2 id={headingId} className="font-semibold">
        {t('map.inThisView')}
      </h2>
      {failed ? (
        <div role="alert" className="mt-2 text-sm">
          <p className="text-danger">{t('results.failed')}</p>
          <Button size="sm" variant="outline" className="mt-2" onClick={onRetry}>
            {t('results.tryAgain')}
          </Button>
        </div>
      ) : (
        <p className="mt-1 text-sm text-muted" aria-live="polite">
          {!listed
            ? t('results.loading')
            : listed.count === 0
              ? t('map.noneHere')
              : t('map.count', { count: listed.count })}
        </p>
      )}
      {listed && (listed.starters.length > 0 || listed.clusters.length > 0) && (
        <ul className="mt-3 grid max-h-[60vh] gap-1 overflow-y-auto text-sm">
          {listed.starters.map((s) => (
            <li key={s.id}>
              <Link
                to={paths.starter.href(s.id)}
                className="flex min-h-11 items-center gap-2 rounded-lg px-2 hover:bg-surface-muted"
              >
                <span aria-hidden>{categoryEmoji(s.category)}</span>
                <span className="min-w-0 truncate">{s.title}</span>
              </Link>
            </li>
          ))}
          {listed.clusters.map((c) => (
            <li key={`${c.lat},${c.lng}`}>
              <button
                type="button"
                className="flex min-h-11 w-full items-center gap-2 rounded-lg px-2 text-start hover:bg-surface-muted"
                onClick={() => openCluster(c)}
              >
                <ZoomIn className="size-4 shrink-0" aria-hidden />
                <span>{t('map.cluster', { count: c.count })}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {listed && !listed.complete && (
        <p className="mt-2 text-xs text-muted">
          {t('map.showingNewest', { count: listed.starters.length })}
        </p>
      )}
    </section>
  );
}
