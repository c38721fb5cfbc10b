import { Navigation } from 'lucide-react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../lib/current-user';
import { useDistanceText } from '../../lib/unit-system';
import { useStarterDistance } from './places-api';

/**
 * The place a starter's page measures from: the browse place it was opened from (the card
 * passes browse's address along), else the member's profile place.
 */
function usePlaceOfInterest(): string {
  const { state, search } = useLocation();
  const { user } = useCurrentUser();
  const own = new URLSearchParams(search).get('near');
  if (own !== null) return own.trim();
  const backTo = (state as { backTo?: unknown } | null)?.backTo;
  if (typeof backTo === 'string') {
    const fromBrowse = new URLSearchParams(backTo.split('?')[1] ?? '').get('near');
    if (fromBrowse !== null) return fromBrowse.trim();
  }
  return user?.place ?? '';
}

/** "3 km away" on a starter's page, when a place is set and the starter's place is known. */
export function StarterDistance({ starterId }: { starterId: number }) {
  const { t } = useTranslation('starters');
  const distanceText = useDistanceText();
  const near = usePlaceOfInterest();
  const distance = useStarterDistance(starterId, near);
  if (distance.data === undefined) return null;
  return (
    <p className="flex items-center gap-2 text-sm font-medium">
      <Navigation className="size-4 shrink-0" aria-hidden />
      {distanceText(distance.data)}
      <span className="sr-only">{t('detail.fromPlace', { place: near })}</span>
    </p>
  );
}
