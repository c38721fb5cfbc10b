import { useEffect } from 'react';
import {
  AlertDialog,
  AlertDialogContent,
  AlertDialogActions,
  AlertDialogAction,
} from './alert-dialog';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { useLeaveBlocker } from '../../lib/guarded-history';

/**
 * Asks before leaving a page whose form holds typed text: by a link or Back inside the app
 * (a dialog), or by closing or reloading the tab (the browser's own question).
 */
export function LeaveGuard({ when, done }: { when: boolean; done?: { current: boolean } }) {
  const { t } = useTranslation();
  // `done` is read when a navigation starts: a successful submit navigates before re-rendering.
  const blocker = useLeaveBlocker(
    ({ currentLocation, nextLocation }) =>
      when && !done?.current && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);

  return (
    <AlertDialog open={blocker.held} onOpenChange={(o) => !o && blocker.reset()}>
      <AlertDialogContent title={t('leaveGuard.title')} description={t('leaveGuard.body')}>
        <AlertDialogActions cancel={t('leaveGuard.keep')}>
          <AlertDialogAction asChild>
            <Button variant="destructive" onClick={() => blocker.proceed()}>
              {t('leaveGuard.leave')}
            </Button>
          </AlertDialogAction>
        </AlertDialogActions>
      </AlertDialogContent>
    </AlertDialog>
  );
}
