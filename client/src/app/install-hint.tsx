import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Share, X } from 'lucide-react';
import { useHydrated } from '../lib/use-hydrated';

const DISMISSED = 'cultureshare:install-hint-dismissed';

/** iPhone and iPad Safari, which installs only through Share → "Add to Home Screen". */
export function isIosSafari(userAgent: string): boolean {
  const ios = /iPhone|iPad|iPod/.test(userAgent);
  const otherBrowser = /CriOS|FxiOS|EdgiOS|OPiOS|GSA\//.test(userAgent);
  return ios && /Safari\//.test(userAgent) && !otherBrowser;
}

function shouldShow(): boolean {
  try {
    if (localStorage.getItem(DISMISSED)) return false;
  } catch {
    return false;
  }
  const standalone =
    (navigator as Navigator & { standalone?: boolean }).standalone === true ||
    window.matchMedia?.('(display-mode: standalone)').matches;
  return !standalone && isIosSafari(navigator.userAgent);
}

/** A one-time hint on iPhone Safari: how to install the app. Gone for good once dismissed. */
export function InstallHint() {
  // After hydration only: the server's page never shows it.
  const hydrated = useHydrated();
  const { t } = useTranslation();
  const [dismissed, setDismissed] = useState(false);
  if (!hydrated || dismissed || !shouldShow()) return null;
  const dismiss = () => {
    try {
      localStorage.setItem(DISMISSED, '1');
    } catch {
      // private mode: it goes for this visit
    }
    setDismissed(true);
  };
  return (
    <aside
      aria-label={t('installHint.label')}
      className="fixed inset-x-3 bottom-3 z-40 flex items-start gap-3 rounded-xl border border-border bg-surface p-4 pe-2 shadow-lg sm:end-auto sm:start-4 sm:max-w-sm"
    >
      <p className="flex-1 text-sm">
        <strong className="block text-base">{t('installHint.label')}</strong>
        <Trans
          t={t}
          i18nKey="installHint.text"
          components={{
            share: (
              <Share
                className="inline size-4 align-text-bottom"
                aria-label={t('installHint.share')}
              />
            ),
          }}
        />
      </p>
      <button
        type="button"
        onClick={dismiss}
        aria-label={t('installHint.dismiss')}
        className="flex size-11 shrink-0 items-center justify-center rounded-lg text-muted hover:text-text"
      >
        <X className="size-5" aria-hidden />
      </button>
    </aside>
  );
}
