import { useSyncExternalStore } from 'react';
import * as ToastPrimitive from '@radix-ui/react-toast';
import { TOAST_DURATION_MS } from '../../../../common/site/constants';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { useMessageText } from '../../lib/message-text';
import { CloseButton } from './close-button';
import { currentToast, dismissToast, subscribeToToasts } from './toast-store';

/** Escape presses this module passed on: the toast must not take them again. */
const forwarded = new WeakSet<Event>();

/**
 * A toast shown over a dialog is the top layer and takes Escape for itself, so the dialog would
 * stay open. The toast still closes; the press is then handed on to the dialog beneath.
 */
function passEscapeToDialog(event: KeyboardEvent) {
  if (forwarded.has(event)) return;
  if (
    !document.querySelector(
      '[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]',
    )
  )
    return;
  requestAnimationFrame(() => {
    const again = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
    forwarded.add(again);
    document.activeElement?.dispatchEvent(again);
  });
}

/**
 * Radix Toast (loaded once the page has been taken over, toast.tsx): 5 s, swipe right past 50 px
 * to dismiss, F8 focuses the region. Shown at the top, under the header: at the bottom a toast
 * covered the message box and Send, and the floating buttons.
 */
export default function ToastView() {
  const item = useSyncExternalStore(subscribeToToasts, currentToast, () => null);
  const say = useMessageText();
  const { t } = useTranslation();
  return (
    <ToastPrimitive.Provider
      label={t('toast.label')}
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={50}
    >
      {item && (
        <ToastPrimitive.Root
          key={item.id}
          open={item.open}
          duration={item.durationMs ?? (item.action ? Infinity : undefined)}
          onOpenChange={(open) => !open && dismissToast(item.id)}
          onEscapeKeyDown={passEscapeToDialog}
          className={cn(
            'relative grid gap-1 rounded-xl border p-4 pe-12 shadow-lg',
            'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:animate-none',
            // Dark mode's danger is a light red: dark text on it, as the destructive button has.
            item.variant === 'destructive'
              ? 'border-danger bg-danger text-white dark:text-bg'
              : 'border-border bg-surface text-text',
          )}
        >
          <ToastPrimitive.Title className="font-semibold">{say(item.title)}</ToastPrimitive.Title>
          {item.description && (
            <ToastPrimitive.Description className="text-sm opacity-90">
              {say(item.description)}
            </ToastPrimitive.Description>
          )}
          {item.action && (
            <ToastPrimitive.Action
              altText={item.action.label}
              onClick={item.action.onClick}
              className="mt-2 inline-flex min-h-11 items-center justify-self-start rounded-lg bg-accent px-4 font-semibold text-accent-fg hover:bg-accent-hover"
            >
              {item.action.label}
            </ToastPrimitive.Action>
          )}
          <ToastPrimitive.Close asChild>
            <CloseButton className="absolute top-1 end-1 rounded-lg opacity-80 hover:opacity-100" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      )}
      <ToastPrimitive.Viewport className="fixed end-0 top-16 z-[100] flex w-full max-w-sm flex-col gap-2 p-4 outline-none" />
    </ToastPrimitive.Provider>
  );
}
