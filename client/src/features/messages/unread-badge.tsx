import { useTranslation } from 'react-i18next';
import { useUnreadCount } from './messages-api';
import { useLiveMessageEvents } from './use-live-message-events';

/**
 * The unread total beside Messages in the header. The header is on every page, so this is also
 * where the live event stream is kept open for the signed-in member.
 */
export function UnreadBadge() {
  const { t } = useTranslation('conversations');
  useLiveMessageEvents(true);
  const { data } = useUnreadCount();
  const count = data?.count ?? 0;
  if (count === 0) return null;
  return (
    <>
      <span
        aria-hidden
        data-testid="unread-badge"
        className="ms-1.5 inline-flex min-w-5 items-center justify-center rounded-full bg-accent px-1.5 text-xs leading-5 font-semibold text-accent-fg max-sm:absolute max-sm:-top-1 max-sm:-end-1.5 max-sm:ms-0"
      >
        {count > 99 ? '99+' : count}
      </span>
      <span className="sr-only">{t('badge.unread', { count })}</span>
    </>
  );
}
