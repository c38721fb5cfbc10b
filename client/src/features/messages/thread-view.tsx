import { useEffect, useId, useRef, useState, type ComponentType } from 'react';
import { useQuery, type QueryKey } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { ArrowLeft, MoreHorizontal, SendHorizontal } from 'lucide-react';
import { MESSAGE_MAX_LENGTH } from '../../../../common/constants';
import { displayName } from '../../../../common/display';
import { messageFormSchema, type Conversation, type Message } from '../../../../common/messages';
import type { StarterQuery } from '../../lib/query-keys';
import type { PublicUser } from '../../../../common/users';
import { Avatar } from '../../components/ui/avatar';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/form-controls';
import { Skeleton } from '../../components/ui/skeleton';
import { toastError } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import { timeAgo } from '../../lib/time';
import { useZodForm } from '../../lib/use-zod-form';
import { useMarkThreadRead, useSendMessage, useThread } from './messages-api';
import { paths } from '../../lib/paths';

/**
 * The other member: from the URL, else the conversation, else whoever the thread is with, else
 * (a new thread) the starter's owner.
 */
function otherMemberId(
  meId: string,
  withId: string | null,
  conversation: Conversation | undefined,
  messages: Message[] | undefined,
  owner: PublicUser | undefined,
): string | null {
  if (withId) return withId;
  if (conversation) return conversation.otherUser.id;
  const first = messages?.[0];
  if (first) return first.senderId === meId ? first.receiverId : first.senderId;
  return owner && owner.id !== meId ? owner.id : null;
}

/**
 * How to load a starter. The starters feature owns that cache entry; the page hands its query
 * over so a starter is cached once, whichever screen asked first.
 */
/** What a conversation about a starter shows beyond messages; the page composes it in. */
export interface ThreadExtras {
  /** Under the other member's name in the header (their reliability). */
  Summary?: ComponentType<{ userId: string }>;
  /** A bar under the header (reserve, give, confirm …). */
  Toolbar?: ComponentType<{ meId: string; starterId: number; otherId: string; otherName: string }>;
  /** Rarely used actions about the other member (block), folded under the header's ⋯ button. */
  More?: ComponentType<{ otherId: string; otherName: string }>;
}

/** A line the site wrote into the thread (a reservation, a hand-over), not a member's message. */
function isSystemLine(m: Message): boolean {
  return m.kind === 'system';
}

/**
 * Once the thread shows messages from the other side that are unread, says so to the server
 * (once per newest unread message), which then updates the badge and the list.
 */
function useMarkReadWhenShown(meId: string, starterId: number, messages: Message[] | undefined) {
  const { mutate: markRead } = useMarkThreadRead();
  const newestUnread = messages?.findLast((m) => m.senderId !== meId && !m.isRead);
  const marked = useRef<number | null>(null);
  useEffect(() => {
    if (!newestUnread || marked.current === newestUnread.id) return;
    marked.current = newestUnread.id;
    markRead({ starterId, withId: newestUnread.senderId });
  }, [newestUnread, starterId, markRead]);
}

export function ThreadView<Key extends QueryKey>({
  meId,
  starterId,
  withId,
  conversation,
  starterQuery,
  extras = {},
}: {
  meId: string;
  starterId: number;
  withId: string | null;
  conversation: Conversation | undefined;
  starterQuery: StarterQuery<Key>;
  extras?: ThreadExtras;
}) {
  const thread = useThread(starterId, withId);
  const starter = useQuery({ ...starterQuery(starterId), enabled: !conversation });
  const send = useSendMessage();
  useMarkReadWhenShown(meId, starterId, thread.data);
  const form = useZodForm(messageFormSchema, { defaultValues: { content: '' } });
  const text = useWatch({ control: form.control, name: 'content' }) ?? '';
  const inputId = useId();
  const moreId = useId();
  const [moreOpen, setMoreOpen] = useState(false);
  const logRef = useRef<HTMLDivElement>(null);
  const owner = starter.data?.user;
  const receiverId = otherMemberId(meId, withId, conversation, thread.data, owner);
  const count = thread.data?.length ?? 0;

  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [count]);

  // Blank text only keeps Send disabled: no error line under a one-line composer.
  const submit = form.handleSubmit(({ content }) => {
    if (!receiverId || send.isPending) return;
    send.mutate(
      { starterId, receiverId, content },
      {
        onSuccess: () => form.reset({ content: '' }),
        onError: (err) => toastError(errorMessage(err, 'Failed to send message')),
      },
    );
  });

  const other = conversation?.otherUser ?? (owner && owner.id === receiverId ? owner : undefined);
  const title = conversation?.starterTitle ?? starter.data?.title ?? 'Conversation';
  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className="border-b border-border">
        <div className="flex items-center gap-2 px-2 py-1.5 sm:gap-3 sm:px-4">
          <Button asChild variant="ghost" size="icon" className="size-11 shrink-0 md:hidden">
            <Link to={paths.messages} aria-label="Back to conversations">
              <ArrowLeft className="size-5" aria-hidden />
            </Link>
          </Button>
          {other && <Avatar person={other} />}
          <div className="min-w-0 flex-1">
            <h2 className="truncate leading-tight font-semibold">{title}</h2>
            {other && <p className="truncate text-sm text-muted">{displayName(other)}</p>}
          </div>
          <Button
            variant="ghost"
            size="icon"
            className="size-11 shrink-0"
            aria-label="Conversation options"
            aria-expanded={moreOpen}
            aria-controls={moreId}
            onClick={() => setMoreOpen((open) => !open)}
          >
            <MoreHorizontal className="size-5" aria-hidden />
          </Button>
        </div>
        {/* The facts and rarely used actions fold away so a phone keeps room for the talk. */}
        <div
          id={moreId}
          hidden={!moreOpen}
          className="grid gap-1 border-t border-border px-4 py-2 text-sm"
        >
          {other && extras.Summary && <extras.Summary userId={other.id} />}
          <div className="flex flex-wrap items-center justify-between gap-2">
            <Link
              to={paths.starter.href(starterId)}
              className="inline-flex min-h-11 items-center text-accent-hover underline-offset-2 hover:underline dark:text-accent"
            >
              View starter
            </Link>
            {receiverId && extras.More && (
              <extras.More
                otherId={receiverId}
                otherName={other ? displayName(other) : 'this member'}
              />
            )}
          </div>
        </div>
      </div>
      {receiverId && extras.Toolbar && (
        <extras.Toolbar
          meId={meId}
          starterId={starterId}
          otherId={receiverId}
          otherName={other ? displayName(other) : 'this member'}
        />
      )}

      <div
        ref={logRef}
        role="log"
        aria-label="Messages"
        // The log scrolls on its own; keyboard users need to reach it.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        className="min-h-0 flex-1 overflow-y-auto bg-bg/60 px-3 py-4 sm:px-4"
      >
        {thread.isLoading ? (
          <div className="grid gap-3" role="status" aria-label="Loading messages">
            <Skeleton className="h-12 w-2/3" />
            <Skeleton className="ml-auto h-12 w-1/2" />
            <Skeleton className="h-12 w-3/5" />
          </div>
        ) : thread.isError ? (
          <div className="grid justify-items-center gap-3 py-10 text-center">
            <p className="text-danger">{errorMessage(thread.error, 'Failed to load messages')}</p>
            <Button variant="outline" size="sm" onClick={() => void thread.refetch()}>
              Try Again
            </Button>
          </div>
        ) : count === 0 ? (
          <p className="py-10 text-center text-muted">No messages yet. Start the conversation!</p>
        ) : (
          <ol className="grid gap-2">
            {thread.data!.map((m) => {
              const mine = m.senderId === meId;
              if (isSystemLine(m)) {
                return (
                  <li key={m.id} className="flex justify-center py-1">
                    <p className="max-w-[90%] rounded-full bg-sage-soft px-3 py-1 text-center text-sm text-sage">
                      <span className="sr-only">CultureShare: </span>
                      {m.content}{' '}
                      <time dateTime={m.createdAt} className="text-xs">
                        · {timeAgo(m.createdAt)}
                      </time>
                    </p>
                  </li>
                );
              }
              return (
                <li key={m.id} className={cn('flex', mine ? 'justify-end' : 'justify-start')}>
                  <div
                    className={cn(
                      'max-w-[80%] rounded-2xl px-3.5 py-2 shadow-sm',
                      mine
                        ? 'rounded-br-md bg-accent text-accent-fg'
                        : 'rounded-bl-md border border-border bg-surface text-text',
                    )}
                  >
                    <span className="sr-only">
                      {mine ? 'You: ' : `${other ? displayName(other) : 'Them'}: `}
                    </span>
                    <p className="wrap-anywhere whitespace-pre-wrap">{m.content}</p>
                    <time
                      dateTime={m.createdAt}
                      className={cn('mt-0.5 block text-xs', mine ? 'text-accent-fg' : 'text-muted')}
                    >
                      {timeAgo(m.createdAt)}
                    </time>
                  </div>
                </li>
              );
            })}
          </ol>
        )}
      </div>

      <form onSubmit={submit} className="flex items-center gap-2 border-t border-border p-3">
        <label htmlFor={inputId} className="sr-only">
          Message
        </label>
        <Input
          id={inputId}
          {...form.register('content')}
          placeholder="Type your message..."
          maxLength={MESSAGE_MAX_LENGTH}
          autoComplete="off"
          className="flex-1"
        />
        <Button
          type="submit"
          size="icon"
          className="size-11 shrink-0"
          aria-label="Send message"
          disabled={!text.trim() || !receiverId || send.isPending}
        >
          <SendHorizontal className="size-5" aria-hidden />
        </Button>
      </form>
    </div>
  );
}
