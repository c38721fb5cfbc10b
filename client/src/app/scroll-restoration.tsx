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
  const entry = useRef(location.key);

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
    entry.current = location.key;
    if (action === 'POP') {
      const y = saved()[location.key];
      if (y !== undefined) window.scrollTo(0, y);
      return;
    }
    const id = location.hash ? decodeURIComponent(location.hash.slice(1)) : '';
    const target = id ? document.getElementById(id) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [location.key, location.hash, action]);

  return null;
}
