import { NavLink } from 'react-router';
import { Bell } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CountBadge } from '../../components/ui/badge';
import { cn } from '../../lib/cn';
import { paths } from '../../lib/paths';
import { useUnreadNotifications } from './notifications-api';
import { conversationsT, type ConversationsT } from '../../lib/conversations-t';

/** "Notifications, 3 unread": what a screen reader says, and what the badge shows. */
export function bellLabel(unread: number, t: ConversationsT = conversationsT): string {
  return unread > 0 ? t('notifications.bellUnread', { count: unread }) : t('notifications.bell');
}

/**
 * The header's bell: a link to the notification centre with the unread count. The live event
 * stream (kept open by the Messages badge) refreshes the count the moment an item arrives.
 */
export function NotificationBell() {
  const { t } = useTranslation('conversations');
  const { data: unread = 0 } = useUnreadNotifications();
  return (
    <NavLink
      to={paths.notifications}
      aria-label={bellLabel(unread, t)}
      className={({ isActive }) =>
        cn(
          'relative flex size-11 items-center justify-center rounded-full transition-colors',
          isActive
            ? 'bg-accent-soft text-accent-hover dark:text-accent'
            : 'text-muted hover:text-text',
        )
      }
    >
      <Bell className="size-5" aria-hidden />
      {unread > 0 && (
        <CountBadge
          count={unread}
          data-testid="notification-count"
          className="absolute top-0.5 end-0 px-1"
        />
      )}
    </NavLink>
  );
}

export default NotificationBell;
