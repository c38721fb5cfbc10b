import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while the server prerenders a page and while the app takes that page over (decision
 * 034), true from then on. What depends on where it runs (the viewer's time zone) waits for it,
 * so the app's first render matches the server's HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
