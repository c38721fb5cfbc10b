import { useCallback, useContext, useEffect, useLayoutEffect, useRef, useState } from 'react';
import {
  UNSAFE_NavigationContext,
  useLocation,
  type Location,
  type To,
  type unstable_HistoryRouter,
} from 'react-router';

/**
 * The app's history: the browser's (or, in tests, one in memory) with one addition, a question
 * a page may ask before the member moves away from it (decision 117). React Router asks this
 * only of its data router, whose code is more than twice the size of the router the app needs;
 * the app keeps the smaller one and asks here instead.
 */
export type History = Parameters<typeof unstable_HistoryRouter>[0]['history'];

/** Whether a move from `currentLocation` to `nextLocation` should wait for the member. */
export type ShouldBlock = (move: { currentLocation: Location; nextLocation: Location }) => boolean;

interface Guard {
  shouldBlock: ShouldBlock;
  /** The move held, to be made if the member chooses to leave. */
  onBlocked(proceed: () => void): void;
}

export interface GuardedHistory extends History {
  /** Asks `guard` before each move from here on; returns the function that stops asking. */
  guard(guard: Guard): () => void;
}

export function guardHistory(base: History): GuardedHistory {
  const guards = new Set<Guard>();
  // The Back or Forward that a guard held is undone by going the other way: that move is the
  // app's own and is not shown. Once the member chooses to leave, the held one is let through.
  let undoing = false;
  let letThrough = false;
  // The location the app shows: on Back the history's own has already moved on.
  let shown = base.location;

  const locationOf = (to: To, state?: unknown): Location => {
    const url = base.createURL(to);
    return { pathname: url.pathname, search: url.search, hash: url.hash, state, key: 'next' };
  };
  /** The guard that holds a move to `nextLocation`, if one does. */
  const holding = (nextLocation: Location) =>
    [...guards].find((g) => g.shouldBlock({ currentLocation: shown, nextLocation }));

  return {
    get action() {
      return base.action;
    },
    get location() {
      return base.location;
    },
    createHref: (to) => base.createHref(to),
    createURL: (to) => base.createURL(to),
    encodeLocation: (to) => base.encodeLocation(to),
    push(to, state) {
      const guard = holding(locationOf(to, state));
      if (guard) guard.onBlocked(() => base.push(to, state));
      else base.push(to, state);
    },
    replace(to, state) {
      const guard = holding(locationOf(to, state));
      if (guard) guard.onBlocked(() => base.replace(to, state));
      else base.replace(to, state);
    },
    go: (delta) => base.go(delta),
    listen(listener) {
      shown = base.location;
      return base.listen((update) => {
        if (update.action === 'POP') {
          if (undoing) {
            undoing = false;
            return;
          }
          const guard = !letThrough && update.delta ? holding(update.location) : undefined;
          letThrough = false;
          if (guard) {
            const delta = update.delta!;
            undoing = true;
            base.go(-delta);
            guard.onBlocked(() => {
              letThrough = true;
              base.go(delta);
            });
            return;
          }
        }
        shown = update.location;
        listener(update);
      });
    },
    guard(guard) {
      guards.add(guard);
      return () => guards.delete(guard);
    },
  };
}

const isGuarded = (navigator: unknown): navigator is GuardedHistory =>
  typeof (navigator as Partial<GuardedHistory>).guard === 'function';

/**
 * Holds a move away from the page while `shouldBlock` says so (read when the move starts):
 * `held` is the move waiting for the member's answer. Under a router without the guard (the
 * server's prerender) nothing is ever held.
 */
export function useLeaveBlocker(shouldBlock: ShouldBlock): {
  held: boolean;
  proceed(): void;
  reset(): void;
} {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const [move, setMove] = useState<{ proceed: () => void } | null>(null);
  const latest = useRef(shouldBlock);
  useLayoutEffect(() => {
    latest.current = shouldBlock;
  });
  useEffect(() => {
    if (!isGuarded(navigator)) return;
    return navigator.guard({
      shouldBlock: (m) => latest.current(m),
      onBlocked: (proceed) => setMove({ proceed }),
    });
  }, [navigator]);
  return {
    held: move !== null,
    proceed() {
      setMove(null);
      move?.proceed();
    },
    reset: () => setMove(null),
  };
}

/**
 * Whether the member has moved off the page this component is drawn on. A page being left stays
 * drawn until the next one is ready (its code loaded), while the history has already moved on:
 * what the old page asks for then is not the member's wish any more.
 */
export function useHasLeft(): () => boolean {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const { pathname } = useLocation();
  return useCallback(
    () => isGuarded(navigator) && navigator.location.pathname !== pathname,
    [navigator, pathname],
  );
}
