import { toast } from '../components/ui/toast';
import { i18n } from '../lib/i18n';

/**
 * Registers /sw.js once the page has loaded (the first visit never waits for it). When a new
 * build's worker is installed and waiting, a toast offers "Reload": the new worker takes over
 * and the page reloads into the new version. The app checks for a new build whenever it comes
 * back to the foreground. Workbox's code loads then too, not with the page (decision 101).
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return;
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}

async function register() {
  const { Workbox } = await import('workbox-window');
  const wb = new Workbox('/sw.js', { scope: '/' });
  wb.addEventListener('waiting', () => {
    toast({
      title: i18n.t('update.title'),
      description: i18n.t('update.body'),
      action: {
        label: i18n.t('update.reload'),
        onClick: () => {
          wb.addEventListener('controlling', () => window.location.reload());
          wb.messageSkipWaiting();
          // The browser may hold the new version back while the old one is still busy with
          // this page (seen after other pages of the site had been open): after a moment the
          // page reloads anyway, and the new version takes over as it leaves.
          setTimeout(() => window.location.reload(), 3_000);
        },
      },
    });
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void wb.update();
  });
  try {
    await wb.register();
  } catch {
    // A browser that refuses workers (a private window, a policy) still has the whole site;
    // it just cannot install it or read it offline.
  }
}
