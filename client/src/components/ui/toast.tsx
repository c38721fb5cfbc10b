import { lazy, Suspense } from 'react';
import { errorMessage } from '../../lib/api';
import { englishCatalogues } from '../../lib/i18n-english';
import { useHydrated } from '../../lib/use-hydrated';
import { showToast, type ToastInput } from './toast-store';

export function toast(input: ToastInput): void {
  showToast(input);
}

/**
 * The destructive 'Error' toast of spec §8. Its default title is the shared message's English
 * text, which the toast shows in the page's language (useMessageText).
 */
export function toastError(
  description: string,
  title: string = englishCatalogues.messages.errorTitle,
): void {
  toast({ title, description, variant: 'destructive' });
}

/**
 * An `onError` that toasts the server's message, or `fallback` when it gave none, under `title`
 * (the shared 'Error' when none is given).
 */
export const toastFailure =
  (fallback: string, title?: string) =>
  (err: unknown): void =>
    toastError(errorMessage(err, fallback), title);

/** A mutation's callbacks that say how it went: `success` as a toast, or its failure as above. */
export const toastOutcome = (success: ToastInput, fallback: string) => ({
  onSuccess: () => toast(success),
  onError: toastFailure(fallback),
});

const ToastView = lazy(() => import('./toast-view'));

/**
 * Where toasts show. Its Radix code is not part of the first load (decision 101): it loads once
 * the page has been taken over, and shows a toast asked for before then as soon as it is there.
 */
export function Toaster() {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <ToastView />
    </Suspense>
  );
}
