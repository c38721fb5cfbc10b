import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Toaster } from '../components/ui/toast';
import { Footer } from './footer';
import { Header, showsShareButton } from './header';
import { FabRestingStrip } from './share-fab';
import { UnconfirmedBanner } from '../features/account/auth/unconfirmed-banner';
import { useCurrentUser } from '../lib/current-user';
import { useFocusHeadingOnRouteChange } from './route-focus';
import { OfflineBanner } from './offline-banner';
import { InstallHint } from './install-hint';
import { OutboxSender } from '../features/messages/message-outbox';
import { ScanOutboxSender } from '../features/labels/scan-outbox';
import { ScrollRestoration } from './scroll-restoration';
import { useTranslation } from 'react-i18next';

const mainElement = () => document.getElementById('main');

// Members only, and never needed for the first paint: kept out of the first-load bundle.
const CheckinsBanner = lazy(() =>
  import('../features/checkins/checkins-banner').then((m) => ({ default: m.CheckinsBanner })),
);

const YourTurnBanner = lazy(() =>
  import('../features/standing-offers/your-turn-banner').then((m) => ({
    default: m.YourTurnBanner,
  })),
);

function PageFallback() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-[50vh] items-center justify-center" role="status">
      <span className="sr-only">{t('layout.loading')}</span>
      <div
        className="size-8 animate-spin rounded-full border-4 border-accent-soft border-t-accent"
        aria-hidden
      />
    </div>
  );
}

/**
 * Marks the document once the page in view works: rendered by the app or taken over from the
 * server's HTML (decision 034). In the page's own Suspense boundary, so it fires only when the
 * page's code has loaded and its controls answer; scripts that drive the page wait for it.
 */
function PageReady() {
  useEffect(() => {
    document.documentElement.dataset.app = 'ready';
  }, []);
  return null;
}

export function Layout() {
  const { isSignedIn, user } = useCurrentUser();
  useFocusHeadingOnRouteChange(mainElement);
  const { pathname } = useLocation();
  const { t } = useTranslation();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:start-2 focus:z-50 focus:rounded-lg focus:bg-surface focus:px-4 focus:py-2"
      >
        {t('layout.skip')}
      </a>
      <Header />
      <OfflineBanner />
      {/* Its texts are not in the first-load script: should they fail to load, it waits alone. */}
      <Suspense fallback={null}>
        <UnconfirmedBanner />
      </Suspense>
      {isSignedIn && (
        <Suspense fallback={null}>
          <CheckinsBanner signedIn />
          <YourTurnBanner signedIn />
        </Suspense>
      )}
      <main id="main" className="flex-1">
        <Suspense fallback={<PageFallback />}>
          <Outlet />
          <PageReady />
        </Suspense>
      </main>
      <Footer />
      {isSignedIn && showsShareButton(pathname) && <FabRestingStrip />}
      <Toaster />
      <InstallHint />
      <OutboxSender meId={user?.id} />
      <ScanOutboxSender meId={user?.id} />
      <ScrollRestoration />
    </div>
  );
}
