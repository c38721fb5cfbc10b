import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import type { Starter } from '../../../common/listings/starters';
import { useIsReachable } from '../features/blocks/reachable';
import { StarterDialogsProvider, type StarterDialogs } from '../features/starters/starter-dialogs';

/** Dialog code still to load: fetched when the page is idle, or when a dialog first opens. */
const pendingLoads: Array<() => Promise<unknown>> = [];

/**
 * Code kept out of the page's first load, on the list the idle preload and `loadStarterParts`
 * fetch: `Lazy` suspends until it is in; `loaded()` is the component once it is, to render it
 * without a Suspense round.
 */
function loadLater<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  const preload = () =>
    load().then((component) => {
      loaded = component;
      return component;
    });
  pendingLoads.push(preload);
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  return { Lazy, loaded: () => loaded };
}

/**
 * A dialog whose code (forms, validation) stays out of the page's first load: it is fetched
 * once the page is idle, or when the dialog first opens if that comes sooner. Once loaded it
 * renders at once; once opened it stays mounted, so it can animate closed.
 */
function loadedLater<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>) {
  const { Lazy, loaded } = loadLater(load);
  return function OnOpen(props: P) {
    const [opened, setOpened] = useState(props.open);
    if (props.open && !opened) setOpened(true);
    if (!opened) return null;
    const Loaded = loaded();
    if (Loaded) return <Loaded {...props} />;
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}

/**
 * Loads every part's and dialog's code: the page renderer does so before it renders a starter's
 * page (decision 123), so the page is sent with its parts drawn.
 */
export async function loadStarterParts(): Promise<void> {
  await Promise.all(pendingLoads.map((load) => load()));
}

/** Fetches the dialogs' code after the page has loaded and the browser has nothing else to do. */
function usePreloadWhenIdle() {
  useEffect(() => {
    let cancelled = false;
    let idle: number | undefined;
    const start = () => {
      const run = () => {
        if (!cancelled) for (const load of pendingLoads) void load().catch(() => {});
      };
      idle =
        typeof requestIdleCallback === 'function'
          ? requestIdleCallback(run, { timeout: 5000 })
          : window.setTimeout(run, 2000);
    };
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
    return () => {
      cancelled = true;
      window.removeEventListener('load', start);
      if (idle !== undefined && typeof cancelIdleCallback === 'function') cancelIdleCallback(idle);
    };
  }, []);
}

/**
 * A part of the starter's page that another feature draws (its family, its removal notice, its
 * owner's reliability): its code loads when it is first shown, or when the page is idle, so a
 * page of cards does not carry it (decision 101). Until then it shows nothing.
 */
function shownLater<P extends object>(load: () => Promise<ComponentType<P>>) {
  const { Lazy, loaded } = loadLater(load);
  // Always in its own Suspense boundary: the page the server sent rendered it with its code
  // loaded (`loadStarterParts`), and the app takes that boundary over once its code is in.
  return function WhenShown(props: P) {
    const Loaded = loaded();
    return (
      <Suspense fallback={null}>{Loaded ? <Loaded {...props} /> : <Lazy {...props} />}</Suspense>
    );
  };
}

const parts = () => import('./starter-dialog-parts');

const dialogs: StarterDialogs = {
  MessageDialog: loadedLater(() => parts().then((m) => m.MessageDialog)),
  ReportDialog: loadedLater(() => parts().then((m) => m.StarterReportDialog)),
  GiveElsewhereDialog: loadedLater(() =>
    import('../features/handovers/give-elsewhere-dialog').then((m) => m.GiveElsewhereDialog),
  ),
  MemberSummary: shownLater<{ userId: string; name: string }>(() =>
    parts().then((m) => m.MemberSummary),
  ),
  useIsReachable,
  // Kilometres or miles, as the member chose (or their browser's region says).
  FamilyLinks: shownLater<{ starter: Starter; isOwner: boolean }>(() =>
    import('../features/lineage/family-links').then((m) => m.FamilyLinks),
  ),
  RemovalNotice: shownLater<{ starter: Starter; isOwner: boolean }>(() =>
    import('../features/moderation/removal-notice').then((m) => m.RemovalNotice),
  ),
};

/**
 * Gives the starters feature's buttons the messages and reports dialogs. Pages that show
 * starters wrap themselves in it; it is not app-wide so the dialogs stay out of the first load.
 */
export function WithStarterDialogs({ children }: { children: ReactNode }) {
  usePreloadWhenIdle();
  return <StarterDialogsProvider dialogs={dialogs}>{children}</StarterDialogsProvider>;
}
