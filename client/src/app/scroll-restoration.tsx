import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const STORE = 'cultureshare-scroll-positions';

function storedPositions(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(STORE) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

/**
 * The history entry a position is kept under. Every page loaded afresh (typed, followed from a
 * mail, a link tapped before the app had started) has the router's key `default`: its address
 * tells them apart, so one page's place is never carried onto the next.
 */
function entryOf(location: { key: string; pathname: string; search: string }): string {
  return location.key === 'default'
    ? `default ${location.pathname}${location.search}`
    : location.key;
}

/**
 * Where each visited page was scrolled to, by its history entry: Back and Forward return to
 * it (a reload too), a move to a new page starts at its top, or at the element its `#hash`
 * names.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const action = useNavigationType();
  // Read from storage on the first move or scroll, never while rendering (the server renders too).
  const positions = useRef<Record<string, number>>(null);
  const saved = () => (positions.current ??= storedPositions());
  // The entry being scrolled: moved on as the next page is drawn, before it paints.
  const here = entryOf(location);
  const entry = useRef(here);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        saved()[entry.current] = window.scrollY;
      });
    };
    const keep = () => {
      saved()[entry.current] = window.scrollY;
      try {
        sessionStorage.setItem(STORE, JSON.stringify(saved()));
      } catch {
        // Storage refused (a private window): positions last as long as the page.
      }
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', keep);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', keep);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  useLayoutEffect(() => {
    entry.current = here;
    if (action === 'POP') {
      const y = saved()[here];
      if (y !== undefined) window.scrollTo(0, y);
      return;
    }
    const id = location.hash ? decodeURIComponent(location.hash.slice(1)) : '';
    const target = id ? document.getElementById(id) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [here, location.hash, action]);

  return null;
}
