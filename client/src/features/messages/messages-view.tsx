import type { QueryKey } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { MessagesSquare } from 'lucide-react';
import { Card } from '../../components/ui/card';
import { cn } from '../../lib/cn';
import { ConversationList } from './conversation-list';
import { useConversations } from './messages-api';
import { ThreadView, type StarterQuery, type ThreadExtras } from './thread-view';

/** Reads the selected conversation from the URL (?starter=12&with=<userId>) so reloads keep it. */
function useSelection() {
  const [params] = useSearchParams();
  const starterId = Number(params.get('starter'));
  if (!Number.isInteger(starterId) || starterId <= 0) return null;
  return { starterId, withId: params.get('with') || null };
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
  const selected = useSelection();
  const conversations = useConversations();
  const conversation = selected
    ? conversations.data?.find(
        (c) =>
          c.starterId === selected.starterId &&
          (selected.withId === null || c.otherUser.id === selected.withId),
      )
    : undefined;

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col px-4 py-6 sm:py-8">
      <h1
        className={cn('mb-4 text-2xl font-bold sm:text-3xl', selected && 'sr-only md:not-sr-only')}
      >
        Messages
      </h1>
      <div className="grid h-[calc(100dvh-11.5rem)] min-h-[26rem] md:h-[calc(100dvh-10rem)] gap-4 md:grid-cols-[minmax(16rem,22rem)_1fr]">
        <Card
          className={cn('min-h-0 overflow-y-auto', selected && 'hidden md:block')}
          aria-label="Conversation list"
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
          aria-label="Conversation"
          role="region"
        >
          {selected ? (
            <ThreadView
              key={`${selected.starterId}:${selected.withId ?? ''}`}
              meId={meId}
              starterId={selected.starterId}
              withId={selected.withId}
              conversation={conversation}
              starterQuery={starterQuery}
              extras={threadExtras}
            />
          ) : (
            <div className="m-auto grid justify-items-center gap-3 p-8 text-center text-muted">
              <MessagesSquare className="size-10 text-accent-hover dark:text-accent" aria-hidden />
              <p>Select a conversation to start messaging</p>
            </div>
          )}
        </Card>
      </div>
    </div>
  );
}
