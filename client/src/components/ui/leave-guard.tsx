import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useTranslation } from 'react-i18next';
import { Button } from './button';

/**
 * Asks before leaving a page whose form holds typed text: by a link or Back inside the app
 * (a dialog), or by closing or reloading the tab (the browser's own question).
 */
export function LeaveGuard({ when, done }: { when: boolean; done?: { current: boolean } }) {
  const { t } = useTranslation();
  // `done` is read when a navigation starts: a successful submit navigates before re-rendering.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when && !done?.current && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);

  const open = blocker.state === 'blocked';
  return (
    <AlertDialog.Root open={open} onOpenChange={(o) => !o && blocker.reset?.()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-border bg-surface p-6 shadow-xl">
          <AlertDialog.Title className="text-lg font-semibold">
            {t('leaveGuard.title')}
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-muted">
            {t('leaveGuard.body')}
          </AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="outline">{t('leaveGuard.keep')}</Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <Button variant="destructive" onClick={() => blocker.proceed?.()}>
                {t('leaveGuard.leave')}
              </Button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
