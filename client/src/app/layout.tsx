import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { Toaster } from '../components/ui/toast';
import { Footer } from './footer';
import { Header, showsShareButton } from './header';
import { paths } from '../lib/paths';
import { UnconfirmedBanner } from '../features/auth/unconfirmed-banner';
import { NoticesBanner } from '../features/handovers/notices-banner';
import { useCurrentUser } from '../lib/current-user';
import { useFocusHeadingOnRouteChange } from './route-focus';

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
  return (
    <div className="flex min-h-[50vh] items-center justify-center" role="status">
      <span className="sr-only">Loading…</span>
      <div
        className="size-8 animate-spin rounded-full border-4 border-accent-soft border-t-accent"
        aria-hidden
      />
    </div>
  );
}

export function Layout() {
  const { isSignedIn } = useCurrentUser();
  useFocusHeadingOnRouteChange(mainElement);
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-lg focus:bg-surface focus:px-4 focus:py-2"
      >
        Skip to content
      </a>
      <Header />
      <UnconfirmedBanner />
      <NoticesBanner
        signedIn={isSignedIn}
        // A phone thread needs its height; it asks "Received?" in its own bar.
        withHandovers={!pathname.startsWith(paths.messages)}
      />
      {isSignedIn && (
        <Suspense fallback={null}>
          <CheckinsBanner signedIn />
          <YourTurnBanner signedIn />
        </Suspense>
      )}
      <main id="main" className="flex-1">
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      {/* A strip the floating Share Starter button can rest over, so the page's end is reachable. */}
      {isSignedIn && showsShareButton(pathname) && <div aria-hidden className="h-20 sm:hidden" />}
      <Toaster />
      <ScrollRestoration />
    </div>
  );
}
