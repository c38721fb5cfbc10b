import { lazy, Suspense, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { MapPin } from 'lucide-react';
import type { Lineage } from '../../../../common/cultures/lineage';
import { ErrorBoundary } from '../../components/ui/error-boundary';
import { Skeleton } from '../../components/ui/skeleton';
import { familyPlaces, type FamilyPlace } from './family-places';

// Leaflet and the world outline load only when a family's map is shown.
const FamilyMap = lazy(() => import('./family-map'));

function MapFailed() {
  const { t } = useTranslation('living');
  return <p className="text-sm text-muted">{t('lineage.mapFailed')}</p>;
}

function PlaceList({ places }: { places: FamilyPlace[] }) {
  const { t } = useTranslation('living');
  return (
    <ul className="grid gap-1 text-sm">
      {places.map((p) => (
        <li key={p.id} className="flex items-start gap-2">
          <MapPin className="mt-0.5 size-4 shrink-0 text-muted" aria-hidden />
          <span>
            {p.location}
            <span className="text-muted">
              {t('lineage.placeLine', { title: p.title, generation: p.generation })}
              {p.latitude === null ? t('lineage.notOnMap') : ''}
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * "Where it has travelled": a family's places on its map and, under it, the same places in
 * words. The family tree shows it as a section of the page (`level` 2), the page of a jar's
 * label inside the family's card (`level` 3).
 */
export function FamilyTravels({ lineage, level }: { lineage: Lineage; level: 2 | 3 }) {
  const { t } = useTranslation('living');
  const headingId = useId();
  const { places, links } = useMemo(() => familyPlaces(lineage), [lineage]);
  const located = places.filter((p) => p.latitude !== null).length;
  const Heading = level === 2 ? 'h2' : 'h3';
  const Sub = level === 2 ? 'h3' : 'h4';
  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <Heading id={headingId} className={level === 2 ? 'text-xl font-semibold' : 'font-semibold'}>
        {t('lineage.travelled')}
      </Heading>
      <p className="text-sm text-muted">{t('lineage.points')}</p>
      {/* A map that cannot be drawn leaves the page and its list of places standing. */}
      <ErrorBoundary fallback={<MapFailed />}>
        <Suspense fallback={<Skeleton className="h-72 w-full sm:h-96" />}>
          <FamilyMap
            places={places}
            links={links}
            label={t('lineage.mapLabel', { count: located })}
          />
        </Suspense>
      </ErrorBoundary>
      <Sub className="font-semibold">{t('lineage.places')}</Sub>
      <PlaceList places={places} />
    </section>
  );
}
