import { useEffect, useRef, useState, type RefObject } from 'react';
import { Link } from 'react-router';
import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { paths } from '../lib/paths';

/** The strip the layout keeps under a page where the button floats: it rests over it at the end. */
const RESTING_STRIP_PX = 96;
/** How long the page must be still before the button comes back where nothing lies under it. */
const QUIET_MS = 200;
/** Sample spacing over the button's square: no line of text (16 px and up) slips between. */
const SAMPLE_PX = 8;

/** A control a member presses: the button never lies over any part of one. */
const CONTROL =
  'a[href], button, input, select, textarea, label, summary, [role=button], [role=link], [role=tab], [role=checkbox], [role=radio], [role=switch], [role=combobox], [role=menuitem]';

/** A control, or an element with words of its own (not a box that only holds others). */
function isNeeded(el: Element): boolean {
  if (el.closest(CONTROL)) return true;
  return [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim());
}

/**
 * Whether anything a member needs lies under `fab`'s square, by hit-testing across it (measured
 * as drawn: it fades aside, never shrinks, so its box is the same shown or not).
 */
function coversSomething(fab: HTMLElement): boolean {
  const r = fab.getBoundingClientRect();
  for (let y = r.top; y <= r.bottom; y += SAMPLE_PX) {
    for (let x = r.left; x <= r.right; x += SAMPLE_PX) {
      const under = document.elementsFromPoint(x, y).find((el) => !fab.contains(el));
      if (under && isNeeded(under)) return true;
    }
  }
  return false;
}

/**
 * Whether the button shows: only where it lies over no words and no control. Covered, it steps
 * aside at once; clear, it comes back once the page has been still for a moment (so it does not
 * blink between lines while the page scrolls). At the page's end the layout's strip keeps a clear
 * place for it. `data-pending` says a decision waits for the page to be still.
 */
function useShowsWhenClear(fab: RefObject<HTMLElement | null>): boolean {
  const [shown, setShown] = useState(true);
  useEffect(() => {
    let frame = 0;
    let quiet: ReturnType<typeof setTimeout> | undefined;
    const decide = (still: boolean) => {
      const el = fab.current;
      if (!el) return;
      if (coversSomething(el)) setShown(false);
      else if (still) setShown(true);
      if (still) delete el.dataset.pending;
    };
    const soon = (still: boolean) => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => decide(still));
    };
    const onScroll = () => {
      if (fab.current) fab.current.dataset.pending = '';
      clearTimeout(quiet);
      quiet = setTimeout(() => soon(true), QUIET_MS);
      soon(false);
    };
    const onChange = () => soon(fab.current?.dataset.pending === undefined);
    soon(true);
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onChange);
    // A list that loads or grows under the button counts as much as a scroll does.
    const watcher = new MutationObserver(onChange);
    const main = document.getElementById('main');
    if (main) watcher.observe(main, { childList: true, subtree: true, characterData: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onChange);
      watcher.disconnect();
      cancelAnimationFrame(frame);
      clearTimeout(quiet);
    };
  }, [fab]);
  return shown;
}

/** The phone's floating Share Starter button (the header's own button shows from `sm`). */
export function ShareFab() {
  const { t } = useTranslation();
  const fab = useRef<HTMLAnchorElement>(null);
  const shown = useShowsWhenClear(fab);
  return (
    <Link
      ref={fab}
      to={paths.post}
      aria-label={t('header.shareStarter')}
      data-aside={shown ? undefined : ''}
      // Gone while a dialog is open (Radix locks the page's scroll then). Aside, it stays in its
      // place, unseen and letting taps through; keyboard focus brings it back.
      className="fixed end-5 bottom-5 z-40 flex size-14 items-center justify-center rounded-full bg-accent text-accent-fg shadow-lg transition-opacity sm:hidden motion-reduce:transition-none data-[aside]:pointer-events-none data-[aside]:opacity-0 data-[aside]:focus-visible:opacity-100 [body[data-scroll-locked]_&]:hidden"
    >
      <Plus className="size-6" aria-hidden />
    </Link>
  );
}

/**
 * Under a page where the button floats, a strip it rests over at the page's end; and the page's
 * scrolling (to a focused control, an anchor) stops short of it (index.css).
 */
export function FabRestingStrip() {
  return (
    <div aria-hidden data-fab-strip className="sm:hidden" style={{ height: RESTING_STRIP_PX }} />
  );
}
