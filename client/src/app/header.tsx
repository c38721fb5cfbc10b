import { Link, NavLink } from 'react-router';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { LogOut, MessageCircle, Plus, Shield, User } from 'lucide-react';
import { displayName } from '../../../common/display';
import { Avatar } from '../components/ui/avatar';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { useCurrentUser } from '../features/auth/use-current-user';
import { LazyUnreadBadge } from '../features/messages/lazy-unread-badge';
import { cn } from '../lib/cn';
import { Logo } from './logo';

const navClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-full px-2.5 py-2 text-sm font-medium whitespace-nowrap transition-colors sm:px-3',
    isActive ? 'bg-accent-soft text-accent-hover dark:text-accent' : 'text-muted hover:text-text',
  );

const menuItem =
  'flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm outline-none data-[highlighted]:bg-surface-muted';

export function Header() {
  const { user, isLoading } = useCurrentUser();

  return (
    // No backdrop-filter here: it would pin the floating Share Starter button inside the header.
    <header className="sticky top-0 z-40 border-b border-border bg-bg/95">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-1 px-3 sm:gap-2 sm:px-4">
        <Link
          to="/"
          className="mr-2 flex items-center gap-2 rounded-lg"
          aria-label="CultureShare home"
        >
          <Logo />
          <span className="hidden text-lg font-bold tracking-tight sm:inline">CultureShare</span>
        </Link>
        <nav aria-label="Main" className="flex items-center gap-1">
          <NavLink to="/browse" className={navClass}>
            Browse
          </NavLink>
          {user && (
            <>
              <NavLink to="/messages" className={navClass}>
                Messages
                <LazyUnreadBadge />
              </NavLink>
              {/* On a 360 px screen the avatar menu's Profile item stands in for it. */}
              <NavLink to="/profile" className={(s) => cn(navClass(s), 'max-sm:hidden')}>
                My Posts
              </NavLink>
            </>
          )}
        </nav>
        <div className="ml-auto flex items-center gap-2">
          {isLoading ? null : user ? (
            <>
              {/* max-sm: a plain `hidden` loses to the button's own inline-flex. */}
              <Button asChild size="sm" className="max-sm:hidden">
                <Link to="/post">
                  <Plus className="size-4" aria-hidden />
                  Share Starter
                </Link>
              </Button>
              <Link
                to="/post"
                aria-label="Share Starter"
                className="fixed right-5 bottom-5 z-40 flex size-14 items-center justify-center rounded-full bg-accent text-accent-fg shadow-lg sm:hidden"
              >
                <Plus className="size-6" aria-hidden />
              </Link>
              <DropdownMenu.Root>
                <DropdownMenu.Trigger
                  className="flex items-center gap-2 rounded-full p-0.5"
                  aria-label={`Account menu for ${displayName(user)}`}
                >
                  <Avatar person={user} />
                </DropdownMenu.Trigger>
                <DropdownMenu.Portal>
                  <DropdownMenu.Content
                    align="end"
                    sideOffset={8}
                    className="z-50 min-w-52 rounded-xl border border-border bg-surface p-1.5 shadow-lg"
                  >
                    <DropdownMenu.Label className="flex items-center gap-2 px-3 py-2 text-sm font-semibold">
                      {displayName(user)}
                      {user.isModerator && <Badge tone="sage">Mod</Badge>}
                    </DropdownMenu.Label>
                    <DropdownMenu.Separator className="my-1 h-px bg-border" />
                    <DropdownMenu.Item asChild className={menuItem}>
                      <Link to="/profile">
                        <User className="size-4" aria-hidden /> Profile
                      </Link>
                    </DropdownMenu.Item>
                    <DropdownMenu.Item asChild className={menuItem}>
                      <Link to="/messages">
                        <MessageCircle className="size-4" aria-hidden /> Messages
                      </Link>
                    </DropdownMenu.Item>
                    {user.isModerator && (
                      <DropdownMenu.Item asChild className={menuItem}>
                        <Link to="/moderation">
                          <Shield className="size-4" aria-hidden /> Moderation
                        </Link>
                      </DropdownMenu.Item>
                    )}
                    <DropdownMenu.Separator className="my-1 h-px bg-border" />
                    <DropdownMenu.Item asChild className={menuItem}>
                      <a href="/api/logout">
                        <LogOut className="size-4" aria-hidden /> Sign Out
                      </a>
                    </DropdownMenu.Item>
                  </DropdownMenu.Content>
                </DropdownMenu.Portal>
              </DropdownMenu.Root>
            </>
          ) : (
            <>
              <Button asChild variant="ghost" size="sm">
                <Link to="/login">Sign In</Link>
              </Button>
              <Button asChild size="sm">
                <Link to="/join">Join Community</Link>
              </Button>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
