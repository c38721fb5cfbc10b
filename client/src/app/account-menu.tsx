import { Link } from 'react-router';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { LayoutGrid, LogOut, MessageCircle, Settings, Shield, User } from 'lucide-react';
import { displayName } from '../../../common/display';
import type { CurrentUser } from '../../../common/users';
import { Avatar } from '../components/ui/avatar';
import { Badge } from '../components/ui/badge';
import { paths } from '../lib/paths';
import { useTranslation } from 'react-i18next';

const menuItem =
  'flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm outline-none data-[highlighted]:bg-surface-muted';

/**
 * The signed-in member's avatar menu: display name, Mod badge, Profile, My Posts, Account
 * Settings, Messages, Moderation, Sign Out.
 */
export default function AccountMenu({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  return (
    // Not modal: a modal menu hides the page from screen readers while it stays focusable.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        className="flex items-center gap-2 rounded-full p-1"
        aria-label={t('accountMenu.label', { name: displayName(user) })}
      >
        <Avatar person={user} />
      </DropdownMenu.Trigger>
      {/* Inside the main landmark: a non-modal menu is part of the page (axe 'region'). */}
      <DropdownMenu.Portal container={document.getElementById('main')}>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          // A 30-letter username wraps inside the screen instead of widening the menu past it.
          className="z-50 max-w-[min(20rem,calc(100vw-1.5rem))] min-w-52 rounded-xl border border-border bg-surface p-1.5 shadow-lg"
        >
          <DropdownMenu.Label className="flex items-center gap-2 px-3 py-2 text-sm font-semibold">
            <span className="min-w-0">{displayName(user)}</span>
            {user.isModerator && <Badge tone="sage">{t('accountMenu.mod')}</Badge>}
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item asChild className={menuItem}>
            <Link to={paths.profile}>
              <User className="size-4" aria-hidden /> {t('accountMenu.profile')}
            </Link>
          </DropdownMenu.Item>
          {/* The header's My Posts link has no room on a phone. */}
          <DropdownMenu.Item asChild className={menuItem}>
            <Link to={paths.profile}>
              <LayoutGrid className="size-4" aria-hidden /> {t('accountMenu.myPosts')}
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={menuItem}>
            <Link to={paths.settings}>
              <Settings className="size-4" aria-hidden /> {t('accountMenu.settings')}
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={menuItem}>
            <Link to={paths.messages}>
              <MessageCircle className="size-4" aria-hidden /> {t('accountMenu.messages')}
            </Link>
          </DropdownMenu.Item>
          {user.isModerator && (
            <DropdownMenu.Item asChild className={menuItem}>
              <Link to={paths.moderation}>
                <Shield className="size-4" aria-hidden /> {t('accountMenu.moderation')}
              </Link>
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item asChild className={menuItem}>
            <a href={paths.signOut}>
              <LogOut className="size-4" aria-hidden /> {t('accountMenu.signOut')}
            </a>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
