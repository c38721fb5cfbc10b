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
  // The address the member last pressed a key or pointer on. The address changes as a move
  // begins, while the new page is drawn only once its code has loaded: a press made on the new
  // address (opening the account menu on a still blank page) is the member going on.
  const lastPressedOn = useRef<string | null>(null);
  useEffect(() => {
    const pressed = () => {
      lastPressedOn.current = window.location.pathname;
    };
    document.addEventListener('keydown', pressed, true);
    document.addEventListener('pointerdown', pressed, true);
    return () => {
      document.removeEventListener('keydown', pressed, true);
      document.removeEventListener('pointerdown', pressed, true);
    };
  }, []);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const root = container();
    if (!root) return;
    const arrivedAt = window.location.pathname;
    // A link or button keeping focus is where the move started, not the new page's choice;
    // focus moved anywhere else since, or the member pressing on since the move began, is
    // theirs, and a late heading must not take it away.
    const startedOn = document.activeElement;
    const tookFocus = () => {
      const active = document.activeElement;
      if (!active || active === document.body) return false;
      if (active !== startedOn || lastPressedOn.current === arrivedAt) return true;
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
