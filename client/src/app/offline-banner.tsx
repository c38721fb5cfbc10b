import { useSyncExternalStore } from 'react';
import { WifiOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Says so while there is no connection: what shows is what this device kept. */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    // The server renders the page online; the browser corrects it once running.
    () => true,
  );
  return (
    <div role="status" aria-live="polite">
      {!online && (
        <p className="flex items-center justify-center gap-2 bg-text px-4 py-2 text-center text-sm text-bg">
          <WifiOff className="size-4 shrink-0" aria-hidden />
          <span>
            <strong>{t('offline.title')}</strong> {t('offline.body')}
          </span>
        </p>
      )}
    </div>
  );
}
