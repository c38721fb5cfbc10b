import { useRef } from 'react';

/**
 * The element that opened a dialog. A dialog opened from a menu item points at the menu's
 * trigger, as the item is gone once the menu closes.
 */
function openerOf(active: Element | null): HTMLElement | null {
  if (!(active instanceof HTMLElement) || active === document.body) return null;
  const menu = active.closest('[role="menu"]');
  const triggerId = menu?.getAttribute('aria-labelledby');
  if (triggerId) return document.getElementById(triggerId);
  return active;
}

/**
 * Focus goes back to where it came from when a controlled dialog closes (Radix only does this
 * for its own Trigger). When that element is gone, `fallback` names where focus goes instead.
 * Spread the result onto a Radix Dialog or AlertDialog Content.
 */
export function useReturnFocus(fallback?: () => HTMLElement | null | undefined) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      // Runs before the dialog moves focus in: what has focus now opened it.
      opener.current = openerOf(document.activeElement);
    },
    onCloseAutoFocus: (event: Event) => {
      event.preventDefault();
      const target = opener.current?.isConnected ? opener.current : fallback?.();
      opener.current = null;
      // After the close has settled: a menu closing at the same time would take focus back.
      requestAnimationFrame(() => target?.focus());
    },
  };
}
