import { Link } from 'react-router';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { LayoutGrid, LogOut, MessageCircle, Scale, Settings, Shield, User } from 'lucide-react';
import { displayName } from '../../../common/members/display';
import type { CurrentUser } from '../../../common/members/users';
import { Avatar } from '../components/ui/avatar';
import { Badge } from '../components/ui/badge';
import { Menu, menuItemClass } from '../components/ui/menu';
import { paths } from '../lib/paths';
import { useTranslation } from 'react-i18next';

/** Where the menu leads, in order; Moderation is added for moderators. */
const places = [
  { to: paths.profile, icon: User, label: 'accountMenu.profile' },
  // The header's My Posts link has no room on a phone.
  { to: paths.profile, icon: LayoutGrid, label: 'accountMenu.myPosts' },
  { to: paths.settings, icon: Settings, label: 'accountMenu.settings' },
  { to: paths.messages, icon: MessageCircle, label: 'accountMenu.messages' },
] as const;

const moderation = { to: paths.moderation, icon: Shield, label: 'accountMenu.moderation' } as const;
/** Trusted members review held items near them (decision 165). */
const review = { to: paths.review, icon: Scale, label: 'accountMenu.review' } as const;

/**
 * The signed-in member's avatar menu: display name, Mod badge, Profile, My Posts, Account
 * Settings, Messages, Moderation, Sign Out.
 */
export default function AccountMenu({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  return (
    <Menu
      sideOffset={8}
      // A 30-letter username wraps inside the screen instead of widening the menu past it.
      className="max-w-[min(20rem,calc(100vw-1.5rem))] min-w-52"
      trigger={
        <button
          type="button"
          className="flex items-center gap-2 rounded-full p-1"
          aria-label={t('accountMenu.label', { name: displayName(user) })}
        >
          <Avatar person={user} />
        </button>
      }
    >
      <DropdownMenu.Label className="flex items-center gap-2 px-3 py-2 text-sm font-semibold">
        <span className="min-w-0">{displayName(user)}</span>
        {user.isModerator && <Badge tone="sage">{t('accountMenu.mod')}</Badge>}
      </DropdownMenu.Label>
      <DropdownMenu.Separator className="my-1 h-px bg-border" />
      {[
        ...places,
        ...(user.trustLevel === 'trusted' ? [review] : []),
        ...(user.isModerator ? [moderation] : []),
      ].map(({ to, icon: Icon, label }) => (
        <DropdownMenu.Item key={label} asChild className={menuItemClass}>
          <Link to={to}>
            <Icon className="size-4" aria-hidden /> {t(label)}
          </Link>
        </DropdownMenu.Item>
      ))}
      <DropdownMenu.Separator className="my-1 h-px bg-border" />
      <DropdownMenu.Item asChild className={menuItemClass}>
        <a href={paths.signOut}>
          <LogOut className="size-4" aria-hidden /> {t('accountMenu.signOut')}
        </a>
      </DropdownMenu.Item>
    </Menu>
  );
}
