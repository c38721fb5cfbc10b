import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { ownerName } from '../../../common/display';
import { ConfirmEmailNotice } from '../features/auth/confirm-email-notice';
import { SignInChoices } from '../features/auth/sign-in-choices';
import { useIsReachable } from '../features/blocks/reachable';
import { FamilyLinks } from '../features/lineage/family-links';
import { RemovalNotice } from '../features/moderation/removal-notice';
import {
  StarterDialogsProvider,
  type StarterDialogProps,
  type StarterDialogs,
} from '../features/starters/starter-dialogs';
import { StarterSummary } from '../features/starters/starter-summary';
import { MemberReliability } from './member-reliability';
import { paths } from '../lib/paths';

/** Dialog code still to load: fetched when the page is idle, or when a dialog first opens. */
const pendingLoads: Array<() => Promise<unknown>> = [];

/**
 * A dialog whose code (forms, validation) stays out of the page's first load: it is fetched
 * once the page is idle, or when the dialog first opens if that comes sooner. Once loaded it
 * renders at once; once opened it stays mounted, so it can animate closed.
 */
function loadedLater<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>) {
  let Loaded: ComponentType<P> | undefined;
  const preload = () =>
    load().then((component) => {
      Loaded = component;
      return component;
    });
  pendingLoads.push(preload);
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  return function OnOpen(props: P) {
    const [opened, setOpened] = useState(props.open);
    if (props.open && !opened) setOpened(true);
    if (!opened) return null;
    if (Loaded) return <Loaded {...props} />;
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  };
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

const MessageOwnerDialog = loadedLater(() =>
  import('../features/messages/message-owner-dialog').then((m) => m.MessageOwnerDialog),
);
const ReportDialog = loadedLater(() =>
  import('../features/reports/report-dialog').then((m) => m.ReportDialog),
);

/**
 * The starter's Message Owner button opens this: the messages feature's dialog, summarised.
 * No Block in a first contact (the thread has it); signing in or joining from here comes back
 * to this starter with the dialog open.
 */
function MessageDialog(props: StarterDialogProps) {
  const back = paths.starterDialog.href(props.starter.id, 'message');
  return (
    <MessageOwnerDialog
      {...props}
      summary={
        <>
          <StarterSummary starter={props.starter} />
          <MemberReliability
            userId={props.starter.userId}
            name={ownerName(props.starter.user)}
            className="mt-2 px-1"
            withBlock={false}
          />
        </>
      }
      signInChoices={<SignInChoices next={back} />}
      unconfirmedNotice={<ConfirmEmailNotice action="send messages" next={back} />}
    />
  );
}

function StarterReportDialog(props: StarterDialogProps) {
  return (
    <ReportDialog
      {...props}
      summary={<StarterSummary starter={props.starter} />}
      signInChoices={<SignInChoices next={paths.starterDialog.href(props.starter.id, 'report')} />}
    />
  );
}

function MemberSummary({ userId, name }: { userId: string; name: string }) {
  return <MemberReliability userId={userId} name={name} />;
}

const dialogs: StarterDialogs = {
  MessageDialog,
  ReportDialog: StarterReportDialog,
  GiveElsewhereDialog: loadedLater(() =>
    import('../features/handovers/give-elsewhere-dialog').then((m) => m.GiveElsewhereDialog),
  ),
  MemberSummary,
  useIsReachable,
  FamilyLinks,
  RemovalNotice,
};

/**
 * Gives the starters feature's buttons the messages and reports dialogs. Pages that show
 * starters wrap themselves in it; it is not app-wide so the dialogs stay out of the first load.
 */
export function WithStarterDialogs({ children }: { children: ReactNode }) {
  usePreloadWhenIdle();
  return <StarterDialogsProvider dialogs={dialogs}>{children}</StarterDialogsProvider>;
}
