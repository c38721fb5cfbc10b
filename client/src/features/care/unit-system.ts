import { useCallback, useSyncExternalStore } from 'react';
import type { UnitSystem } from '../../../../common/care-cards/quantities';

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
  return chosen ?? 'metric';
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

/** Metric by default; the member's choice is remembered in this browser. */
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
