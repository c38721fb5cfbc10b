import { useTranslation } from 'react-i18next';
import { CountBadge } from '../../components/ui/badge';
import { useUnreadCount } from './messages-api';
import { useLiveMessageEvents } from './use-live-message-events';

/**
 * The unread total beside Messages in the header; on a phone it sits raised just after the
 * word, never over it, in the room the header's Messages item keeps for it. The header is on
 * every page, so this is also where the live event stream is kept open for the signed-in member.
 */
export function UnreadBadge() {
  const { t } = useTranslation('conversations');
  useLiveMessageEvents(true);
  const { data } = useUnreadCount();
  const count = data?.count ?? 0;
  if (count === 0) return null;
  return (
    <>
      <CountBadge
        count={count}
        data-testid="unread-badge"
        className="ms-1.5 px-1.5 max-sm:absolute max-sm:-top-1.5 max-sm:start-[calc(100%-0.25rem)] max-sm:ms-0"
      />
      <span className="sr-only">{t('badge.unread', { count })}</span>
    </>
  );
}
