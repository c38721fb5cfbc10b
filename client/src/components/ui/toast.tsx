import { useSyncExternalStore } from 'react';
import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { TOAST_DURATION_MS } from '../../../../common/constants';
import { errorMessage } from '../../lib/api';
import { cn } from '../../lib/cn';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

interface ToastItem extends ToastInput {
  id: number;
  open: boolean;
}

// One toast at a time (spec §9): a new toast replaces the one showing.
let current: ToastItem | null = null;
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function toast(input: ToastInput): void {
  current = { ...input, id: nextId++, open: true };
  emit();
}

/** The destructive 'Error' toast of spec §8. */
export function toastError(description: string, title = 'Error'): void {
  toast({ title, description, variant: 'destructive' });
}

/** An `onError` that toasts the server's message, or `fallback` when it gave none. */
export const toastFailure =
  (fallback: string) =>
  (err: unknown): void =>
    toastError(errorMessage(err, fallback));

function dismiss(id: number) {
  if (current?.id === id) {
    current = { ...current, open: false };
    emit();
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

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

/** Radix Toast: 5 s, swipe right past 50 px to dismiss, F8 focuses the region. */
export function Toaster() {
  const item = useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={50}
    >
      {item && (
        <ToastPrimitive.Root
          key={item.id}
          open={item.open}
          onOpenChange={(open) => !open && dismiss(item.id)}
          onEscapeKeyDown={passEscapeToDialog}
          className={cn(
            'relative grid gap-1 rounded-xl border p-4 pr-12 shadow-lg',
            'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:animate-none',
            // Dark mode's danger is a light red: dark text on it, as the destructive button has.
            item.variant === 'destructive'
              ? 'border-danger bg-danger text-white dark:text-bg'
              : 'border-border bg-surface text-text',
          )}
        >
          <ToastPrimitive.Title className="font-semibold">{item.title}</ToastPrimitive.Title>
          {item.description && (
            <ToastPrimitive.Description className="text-sm opacity-90">
              {item.description}
            </ToastPrimitive.Description>
          )}
          <ToastPrimitive.Close
            aria-label="Close"
            className="absolute top-1 right-1 flex size-11 items-center justify-center rounded-lg opacity-80 hover:opacity-100"
          >
            <X className="size-4" aria-hidden />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      )}
      <ToastPrimitive.Viewport className="fixed right-0 bottom-0 z-[100] flex w-full max-w-sm flex-col gap-2 p-4 outline-none" />
    </ToastPrimitive.Provider>
  );
}
