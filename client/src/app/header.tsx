import { lazy, Suspense } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { Plus } from 'lucide-react';
import { Avatar } from '../components/ui/avatar';
import { Button } from '../components/ui/button';
import { LinkButton } from '../components/ui/link-button';
import { useCurrentUser } from '../lib/current-user';
import { LazyUnreadBadge } from '../features/messages/lazy-unread-badge';
import { cn } from '../lib/cn';
import { Logo } from './logo';
import { ShareFab } from './share-fab';
import { paths } from '../lib/paths';
import { signInHref } from '../lib/sign-in-return';
import { useTranslation } from 'react-i18next';

/**
 * A nav item keeps its words whole (the page lets other text break anywhere): on a 360 px phone
 * "Explorar" or "Stöbern" beside a badge never becomes "Explora/r". The nav never shrinks below
 * its items, so in a long language the buttons beside it wrap between their words instead of
 * lying under it.
 */
const navClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'tap relative shrink-0 rounded-full px-2 py-2 text-center text-sm leading-tight font-medium whitespace-nowrap transition-colors [overflow-wrap:normal] sm:px-3',
    isActive ? 'bg-accent-soft text-accent-hover dark:text-accent' : 'text-muted hover:text-text',
  );

/** On a narrow phone a long name takes two tight lines rather than push the header off the screen. */
const WRAPS_ON_A_PHONE = 'py-1 leading-tight';

/**
 * Where the phone's floating Share Starter button may float. Not on the composer pages, whose
 * Send and form buttons sit where it would (it opened /post instead of sending), nor on /post
 * itself, nor on a starter's page, whose main button stays at the bottom of a phone's screen;
 * elsewhere it steps aside while the page scrolls down and the layout keeps a clear strip under
 * the page so nothing ends beneath it (share-fab.tsx).
 */
export function showsShareButton(pathname: string): boolean {
  return !(
    pathname.startsWith(paths.messages) ||
    pathname.startsWith(paths.post) ||
    pathname.startsWith('/starter/') ||
    pathname.endsWith('/edit')
  );
}

const AccountMenu = lazy(() => import('./account-menu'));
// After first paint, like the Messages badge: the first-load bundle has a size budget.
const NotificationBell = lazy(() => import('../features/notifications/notification-bell'));

export function Header() {
  const { user, isLoading } = useCurrentUser();
  const location = useLocation();
  const { t } = useTranslation();

  return (
    // No backdrop-filter here: it would pin the floating Share Starter button inside the header.
    <header className="sticky top-0 z-40 border-b border-border bg-bg">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-1 px-3 sm:gap-2 sm:px-4">
        <Link
          to={paths.home}
          className="-ms-1.5 flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-lg"
          aria-label={t('header.home')}
        >
          <Logo />
          <span className="hidden font-display text-lg font-bold tracking-tight sm:inline">
            CultureShare
          </span>
        </Link>
        <nav aria-label={t('header.mainNav')} className="flex items-center gap-1">
          <NavLink to={paths.browse} className={navClass}>
            {t('header.browse')}
          </NavLink>
          {user && (
            <>
              {/* On a phone the unread badge sits past the word's end: room for it beside the
                  item, so the header keeps its height and the badge stays clear of the word. */}
              <NavLink
                to={paths.messages}
                className={(s) => cn(navClass(s), 'max-sm:has-[[data-testid=unread-badge]]:me-4')}
              >
                {t('header.messages')}
                <LazyUnreadBadge />
              </NavLink>
              {/* On a 360 px screen the avatar menu's Profile item stands in for it. */}
              <NavLink to={paths.profile} className={(s) => cn(navClass(s), 'max-sm:hidden')}>
                {t('header.myPosts')}
              </NavLink>
            </>
          )}
        </nav>
        <div className="ms-auto flex min-w-0 items-center gap-2">
          {isLoading ? null : user ? (
            <>
              {/* max-sm: a plain `hidden` loses to the button's own inline-flex. */}
              <LinkButton to={paths.post} icon={Plus} size="sm" className="max-sm:hidden">
                {t('header.shareStarter')}
              </LinkButton>
              {showsShareButton(location.pathname) && <ShareFab />}
              <Suspense fallback={<span className="size-11" aria-hidden />}>
                <NotificationBell />
              </Suspense>
              {/* The menu's code loads after first paint: visitors never need it. */}
              <Suspense fallback={<Avatar person={user} className="m-1" />}>
                <AccountMenu user={user} />
              </Suspense>
            </>
          ) : (
            <>
              <Button asChild variant="ghost" size="sm" className={WRAPS_ON_A_PHONE}>
                {/* Signing in comes back here, as the prompts' links do. */}
                <Link to={signInHref(location.pathname + location.search + location.hash)}>
                  {t('header.signIn')}
                </Link>
              </Button>
              <Button asChild size="sm" className={WRAPS_ON_A_PHONE}>
                <Link to={paths.join}>{t('header.join')}</Link>
              </Button>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
