import type { QueryKey } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MessagesSquare } from 'lucide-react';
import { Card } from '../../components/ui/card';
import { cn } from '../../lib/cn';
import { ConversationList } from './conversation-list';
import { useConversations } from './messages-api';
import type { StarterQuery } from '../../lib/query-keys';
import type { ThreadExtras } from './thread-header';
import { ThreadView } from './thread-view';
import type { Conversation } from '../../../../common/conversations/messages';
import { displayName } from '../../../../common/members/display';
import { paths } from '../../lib/paths';

/** ?starter=N alone, for an owner several members wrote to: one of them has to be picked. */
function ChooseInquirer({ conversations }: { conversations: Conversation[] }) {
  const { t } = useTranslation('conversations');
  return (
    <div className="m-auto grid w-full max-w-sm gap-3 p-6">
      <h2 className="font-semibold">{t('view.several')}</h2>
      <p className="text-sm text-muted">{t('view.choose')}</p>
      <ul className="grid gap-2">
        {conversations.map((c) => (
          <li key={c.otherUser.id}>
            <Link
              to={paths.conversation.href(c.starterId, c.otherUser.id)}
              className="flex min-h-11 items-center justify-between gap-3 rounded-xl border border-border px-4 py-2 hover:bg-surface-muted"
            >
              <span className="min-w-0 font-medium">{displayName(c.otherUser, t('someone'))}</span>
              {c.unreadCount > 0 && (
                <span className="shrink-0 text-sm text-muted">
                  {t('view.unread', { count: c.unreadCount })}
                </span>
              )}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Reads the selected conversation from the URL (?starter=12&with=<userId>) so reloads keep it. */
function useSelection() {
  const [params] = useSearchParams();
  const starterId = Number(params.get('starter'));
  if (!Number.isInteger(starterId) || starterId <= 0) return null;
  // ?photo=1: the care card's "Ask the giver with a photo" opened it, photo button first.
  return {
    starterId,
    withId: params.get('with') || null,
    askWithPhoto: params.get('photo') === '1',
  };
}

/**
 * /messages: conversation list and thread side by side on wide screens; on a phone one at a
 * time, the thread with a back button.
 */
export function MessagesView<Key extends QueryKey>({
  meId,
  starterQuery,
  threadExtras,
}: {
  meId: string;
  starterQuery: StarterQuery<Key>;
  threadExtras?: ThreadExtras;
}) {
  const { t } = useTranslation('conversations');
  const selected = useSelection();
  const conversations = useConversations();
  const conversation = selected
    ? conversations.data?.find(
        (c) =>
          c.starterId === selected.starterId &&
          (selected.withId === null || c.otherUser.id === selected.withId),
      )
    : undefined;
  const sameStarter =
    selected && selected.withId === null
      ? (conversations.data ?? []).filter((c) => c.starterId === selected.starterId)
      : [];

  return (
    <div
      className={cn(
        'mx-auto flex w-full max-w-6xl flex-col px-4 sm:py-8',
        // A phone showing one thread gives the page's margins to the conversation.
        selected ? 'px-2 py-2 sm:px-4' : 'py-6',
      )}
    >
      <h1
        className={cn('mb-4 text-2xl font-bold sm:text-3xl', selected && 'sr-only md:not-sr-only')}
      >
        {t('view.title')}
      </h1>
      <div
        className={cn(
          'grid min-h-[26rem] gap-4 md:h-[calc(100dvh-10rem)] md:grid-cols-[minmax(16rem,22rem)_1fr]',
          selected
            ? 'h-[calc(100dvh-5rem)] sm:h-[calc(100dvh-11.5rem)]'
            : 'h-[calc(100dvh-11.5rem)]',
        )}
      >
        <Card
          className={cn('min-h-0 overflow-y-auto', selected && 'hidden md:block')}
          aria-label={t('view.listRegion')}
          role="region"
        >
          <ConversationList
            conversations={conversations.data}
            isLoading={conversations.isLoading}
            isError={conversations.isError}
            onRetry={() => void conversations.refetch()}
            selected={selected}
          />
        </Card>
        <Card
          className={cn('min-h-0 overflow-hidden', selected ? 'flex flex-col' : 'hidden md:flex')}
          aria-label={t('view.threadRegion')}
          role="region"
        >
          {sameStarter.length > 1 ? (
            <ChooseInquirer conversations={sameStarter} />
          ) : selected ? (
            <ThreadView
              key={`${selected.starterId}:${selected.withId ?? ''}`}
              meId={meId}
              starterId={selected.starterId}
              withId={selected.withId}
              conversation={conversation}
              starterQuery={starterQuery}
              extras={threadExtras}
              askWithPhoto={selected.askWithPhoto}
            />
          ) : (
            <div className="m-auto grid justify-items-center gap-3 p-8 text-center text-muted">
              <MessagesSquare className="size-10 text-accent-hover dark:text-accent" aria-hidden />
              <p>{t('view.select')}</p>
            </div>
          )}
        </Card>
      </div>
    </div>
  );
}
