import { useEffect, useState, type ComponentType } from 'react';
import { errorMessage } from '../../lib/api';
import { englishCatalogues } from '../../lib/i18n-english';
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

let loadedView: ComponentType | undefined;

/**
 * Where toasts show. Its Radix code is not part of the first load (decision 101): it loads once
 * the page has been taken over, and shows a toast asked for before then as soon as it is there.
 * Loaded by an effect, not `React.lazy`: a Suspense fallback shown while the page is being taken
 * over would hold the page's own takeover back by React's 300 ms reveal throttle (decision 175).
 */
export function Toaster() {
  const [View, setView] = useState(() => loadedView);
  useEffect(() => {
    if (View) return;
    let mounted = true;
    // Should it fail to load, the page works on without toasts.
    import('./toast-view').then(
      (module) => {
        loadedView = module.default;
        if (mounted) setView(() => module.default);
      },
      () => undefined,
    );
    return () => {
      mounted = false;
    };
  }, [View]);
  return View ? <View /> : null;
}
