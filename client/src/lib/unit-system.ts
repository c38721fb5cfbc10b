import { useCallback, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { UnitSystem } from '../../../common/cultures/care-cards/quantities';
import { defaultDistanceUnit } from '../../../common/i18n/languages';

const KEY = 'cultureshare:units';
const listeners = new Set<() => void>();
/** The choice made on this page, for a browser that refuses storage. */
let chosen: UnitSystem | null = null;

function read(): UnitSystem {
  try {
    const stored = localStorage.getItem(KEY);
    if (stored === 'imperial' || stored === 'metric') return stored;
  } catch {
    // Storage refused: fall back to the choice made on this page.
  }
  return chosen ?? fromLocale();
}

/**
 * Before the member chooses: from the browser's language and region (miles and cups in the US,
 * decision 090), kilometres elsewhere.
 */
function fromLocale(): UnitSystem {
  const locale = typeof navigator === 'undefined' ? undefined : navigator.language;
  return defaultDistanceUnit(locale) === 'mi' ? 'imperial' : 'metric';
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab changing it counts too.
  const onStorage = (e: StorageEvent) => {
    if (e.key === KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * Metric or imperial: the member's choice, remembered in this browser, else the browser's
 * region's. The server renders metric; the browser's own default follows once running.
 */
export function useUnitSystem(): [UnitSystem, (system: UnitSystem) => void] {
  const system = useSyncExternalStore(subscribe, read, () => 'metric' as const);
  const set = useCallback((next: UnitSystem) => {
    chosen = next;
    try {
      localStorage.setItem(KEY, next);
    } catch {
      // Storage refused (private mode): the choice lasts while the page is open.
    }
    listeners.forEach((l) => l());
  }, []);
  return [system, set];
}

const KM_PER_MILE = 1.609344;

/** A distance kept in kilometres, in `system`'s unit (not rounded). */
export function distanceIn(
  system: UnitSystem,
  km: number,
): { unit: 'km' | 'mi'; distance: number } {
  return system === 'imperial'
    ? { unit: 'mi', distance: km / KM_PER_MILE }
    : { unit: 'km', distance: km };
}

/** A distance entered in `system`'s unit (km or mi), in kilometres to the metre. */
export function kmFrom(system: UnitSystem, distance: number): number {
  const km = system === 'imperial' ? distance * KM_PER_MILE : distance;
  return Math.round(km * 1000) / 1000;
}

/** A distance kept in km as a member reads it in their unit: to a tenth of a mile. */
export function shownDistance(system: UnitSystem, km: number): number {
  const { distance } = distanceIn(system, km);
  return Math.round(distance * 10) / 10;
}

/**
 * "3 km away" or "2 mi away", in the page's language and the member's units (kilometres or
 * miles); under one of either is "Under 1 km away".
 */
export function useDistanceText(): (km: number) => string {
  const [system] = useUnitSystem();
  const { t } = useTranslation();
  return (km) => {
    const { unit, distance } = distanceIn(system, km);
    const miles = unit === 'mi';
    if (distance < 1) return t(miles ? 'units.underMi' : 'units.underKm');
    return t(miles ? 'units.miAway' : 'units.kmAway', { distance: Math.round(distance) });
  };
}

/** "Within 5 km" or "Within 3 mi": a browse radius (kept in km) in the member's units. */
export function useRadiusText(): (km: number) => string {
  const [system] = useUnitSystem();
  const { t } = useTranslation('browse');
  return (km) =>
    system === 'imperial'
      ? t('place.withinMi', { mi: Math.round(km / KM_PER_MILE) })
      : t('place.within', { km });
}
