import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BellOff } from 'lucide-react';
import type { Notification } from '../../../../common/notifications/notifications';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { cn } from '../../lib/cn';
import { useMessageText } from '../../lib/message-text';
import { timeAgo } from '../../lib/time';
import { paths } from '../../lib/paths';
import { useMarkNotificationsRead, useNotifications } from './notifications-api';

function Item({ item, isNew }: { item: Notification; isNew: boolean }) {
  const { t } = useTranslation('conversations');
  const say = useMessageText();
  return (
    <li>
      <Link
        to={item.url}
        className={cn(
          'block min-h-11 rounded-xl border border-border px-4 py-3 hover:bg-surface-muted',
          isNew ? 'bg-accent-soft' : 'bg-surface',
        )}
      >
        <span className="block font-medium">
          {isNew && <span className="sr-only">{t('notifications.new')}</span>}
          {say(item.title)}
        </span>
        {item.body && <span className="mt-1 block text-sm text-muted">{say(item.body)}</span>}
        <span className="mt-1 block text-xs text-muted">{timeAgo(item.createdAt)}</span>
      </Link>
    </li>
  );
}

/**
 * The member's notifications, newest first. Opening the list marks what it shows read; what
 * was unread keeps its highlight for this visit, so the member still sees what is new.
 */
export function NotificationCentre() {
  const { t } = useTranslation('conversations');
  const list = useNotifications();
  const markRead = useMarkNotificationsRead();
  const [seenNew, setSeenNew] = useState<ReadonlySet<number>>(new Set());
  const items = list.data?.pages.flatMap((p) => p.notifications) ?? [];
  const unreadIds = items.filter((n) => n.readAt === null).map((n) => n.id);
  // Remembered while the page is open (set during render, React's way to follow new data).
  const unseen = unreadIds.filter((id) => !seenNew.has(id));
  if (unseen.length > 0) setSeenNew(new Set([...seenNew, ...unseen]));

  const unreadKey = unreadIds.join(',');
  const { mutate } = markRead;
  useEffect(() => {
    if (unreadKey) mutate(unreadKey.split(',').map(Number));
  }, [unreadKey, mutate]);

  return (
    <section aria-labelledby="notifications-heading" className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="notifications-heading" className="text-lg font-semibold">
          {t('notifications.latest')}
        </h2>
        <Link
          to={paths.mailSettings}
          className="inline-flex min-h-11 items-center text-sm font-medium underline underline-offset-2"
        >
          {t('notifications.byEmail')}
        </Link>
      </div>
      {list.isPending ? (
        <p role="status" className="text-muted">
          {t('notifications.loading')}
        </p>
      ) : list.isError ? (
        <p role="alert">{t('notifications.failed')}</p>
      ) : items.length === 0 ? (
        <Card className="flex flex-col items-center gap-3 px-6 py-10 text-center">
          <BellOff className="size-8 text-muted" aria-hidden />
          <p className="font-semibold">{t('notifications.emptyTitle')}</p>
          <p className="text-sm text-muted">{t('notifications.emptyText')}</p>
        </Card>
      ) : (
        <>
          <ul className="space-y-2">
            {items.map((n) => (
              <Item key={n.id} item={n} isNew={seenNew.has(n.id)} />
            ))}
          </ul>
          {list.hasNextPage && (
            <Button
              variant="outline"
              disabled={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              {t('notifications.older')}
            </Button>
          )}
        </>
      )}
    </section>
  );
}
