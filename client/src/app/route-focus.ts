import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * After a move to another page (signing in, opening a card, Join → Sign up) focus would stay on
 * `<body>`, or on a link of the page that is gone: a screen reader says nothing and the next Tab
 * starts from the top. Focus goes to the new page's heading instead — once it is drawn, as pages
 * load their code and data after the move. Not on the first load (the browser starts at the
 * top), not for a change of query alone (filters on one page), and not when something on the
 * new page has taken focus on purpose (a dialog it opens, a field it focuses) or the member has
 * moved it themselves while the page loaded.
 */
export function useFocusHeadingOnRouteChange(container: () => HTMLElement | null) {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const root = container();
    if (!root) return;
    // A link or button keeping focus is where the move started, not the new page's choice;
    // focus moved anywhere else since (the member went on to a menu while the page was still
    // loading) is theirs, and a late heading must not take it away.
    const startedOn = document.activeElement;
    const tookFocus = () => {
      const active = document.activeElement;
      if (!active || active === document.body) return false;
      if (active !== startedOn) return true;
      if (active.closest('[role="dialog"], [role="alertdialog"]')) return true;
      return root.contains(active) && active.matches('input, textarea, select, [contenteditable]');
    };
    const tryFocus = () => {
      if (tookFocus()) return true;
      const heading = root.querySelector<HTMLElement>('h1');
      if (!heading) return false;
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
      return true;
    };
    if (tryFocus()) return;
    const observer = new MutationObserver(() => {
      if (tryFocus()) observer.disconnect();
    });
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [pathname, container]);
}
