import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Clock, Flag, Info } from 'lucide-react';
import type { Message } from '../../../../common/conversations/messages';
import { WARNING_TEXTS } from '../../../../common/moderation/screening';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { errorMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import { timeAgo } from '../../lib/time';
import { useMessageText } from '../../lib/message-text';
import { MessagePhotos } from './message-photos';
import type { OutboxMessage } from './message-outbox';
import type { useThread } from './messages-api';

/** A line the site wrote into the thread (a reservation, a hand-over), not a member's message. */
function isSystemLine(m: Message): boolean {
  return m.kind === 'system';
}

/** Under the sender's own message that screening held or a moderator turned down. */
function HeldNote({ status }: { status: 'held' | 'rejected' }) {
  const { t } = useTranslation('conversations');
  return (
    <p className="mt-1 flex items-center gap-1 text-xs font-medium text-accent-fg">
      <Clock className="size-3.5" aria-hidden />
      {status === 'held' ? t('thread.held') : t('thread.rejected')}
    </p>
  );
}

/** A line the site wrote, centred between the two sides. */
function SystemLine({ message }: { message: Message }) {
  const { t } = useTranslation('conversations');
  return (
    <li className="flex justify-center py-1">
      <p className="max-w-[90%] rounded-full bg-sage-soft px-3 py-1 text-center text-sm text-sage">
        <span className="sr-only">{t('thread.siteSays')}</span>
        {message.content}{' '}
        <time dateTime={message.createdAt} className="text-xs">
          · {timeAgo(message.createdAt)}
        </time>
      </p>
    </li>
  );
}

/**
 * A member's message: mine on the end side, theirs on the start side with screening's warnings
 * above it and a button to report it beside it.
 */
function MessageBubble({
  message: m,
  mine,
  speaker,
  otherName,
  onReport,
}: {
  message: Message;
  mine: boolean;
  /** Who the screen reader hears say a message of the other side. */
  speaker: string;
  otherName: string;
  onReport: (message: Message) => void;
}) {
  const { t } = useTranslation('conversations');
  const say = useMessageText();
  const held = mine && (m.status === 'held' || m.status === 'rejected');
  return (
    <li className={cn('flex flex-col', mine ? 'items-end' : 'items-start')}>
      {!mine &&
        m.warnings?.map((code) => (
          <p
            key={code}
            className="mb-1 flex max-w-[80%] items-start gap-1.5 rounded-xl bg-surface-muted px-3 py-1.5 text-xs text-muted"
          >
            <Info className="mt-0.5 size-3.5 shrink-0" aria-hidden />
            {say(WARNING_TEXTS[code])}
          </p>
        ))}
      <div className={cn('flex w-full items-start gap-1', mine ? 'justify-end' : 'justify-start')}>
        <div
          className={cn(
            'max-w-[80%] rounded-2xl px-3.5 py-2 shadow-sm',
            mine
              ? 'rounded-ee-md bg-accent text-accent-fg'
              : 'rounded-es-md border border-border bg-surface text-text',
          )}
        >
          <span className="sr-only">
            {mine ? t('thread.you') : t('thread.says', { name: speaker })}
          </span>
          {m.content && <p className="wrap-anywhere whitespace-pre-wrap">{m.content}</p>}
          {m.photos && m.photos.length > 0 && (
            <MessagePhotos photos={m.photos} senderName={otherName} mine={mine} />
          )}
          <time
            dateTime={m.createdAt}
            className={cn('mt-0.5 block text-xs', mine ? 'text-accent-fg' : 'text-muted')}
          >
            {timeAgo(m.createdAt)}
          </time>
          {held && <HeldNote status={m.status as 'held' | 'rejected'} />}
        </div>
        {!mine && (
          <Button
            variant="ghost"
            size="icon"
            className="size-11 shrink-0 text-muted"
            aria-label={t('thread.report', { name: otherName, when: timeAgo(m.createdAt) })}
            onClick={() => onReport(m)}
          >
            <Flag className="size-4" aria-hidden />
          </Button>
        )}
      </div>
    </li>
  );
}

/** A message written offline, waiting on this device for the connection to return. */
function WaitingBubble({ message }: { message: OutboxMessage }) {
  const { t } = useTranslation('conversations');
  return (
    <li className="flex justify-end">
      <div className="max-w-[80%] rounded-2xl rounded-ee-md border border-dashed border-accent bg-accent-soft px-3.5 py-2 text-text">
        <span className="sr-only">{t('thread.you')}</span>
        <p className="wrap-anywhere whitespace-pre-wrap">{message.content}</p>
        <p className="mt-0.5 flex items-center gap-1 text-xs text-muted">
          <Clock className="size-3" aria-hidden /> {t('thread.waitingToSend')}
        </p>
      </div>
    </li>
  );
}

/**
 * The conversation itself, newest at the bottom and scrolled there whenever a message comes or
 * goes; messages waiting in the outbox follow the sent ones.
 */
export function ThreadLog({
  meId,
  thread,
  waiting,
  speaker,
  otherName,
  onReport,
}: {
  meId: string;
  thread: ReturnType<typeof useThread>;
  waiting: OutboxMessage[];
  speaker: string;
  otherName: string;
  onReport: (message: Message) => void;
}) {
  const { t } = useTranslation('conversations');
  const say = useMessageText();
  const logRef = useRef<HTMLDivElement>(null);
  const count = (thread.data?.length ?? 0) + waiting.length;

  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [count]);

  return (
    <div
      ref={logRef}
      role="log"
      aria-label={t('thread.log')}
      // The log scrolls on its own; keyboard users need to reach it.
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      className="min-h-0 flex-1 overflow-y-auto bg-bg/60 px-3 py-4 sm:px-4"
    >
      {thread.isLoading ? (
        <div className="grid gap-3" role="status" aria-label={t('thread.loading')}>
          <Skeleton className="h-12 w-2/3" />
          <Skeleton className="ms-auto h-12 w-1/2" />
          <Skeleton className="h-12 w-3/5" />
        </div>
      ) : thread.isError ? (
        <div className="grid justify-items-center gap-3 py-10 text-center">
          <p className="text-danger">{say(errorMessage(thread.error, t('thread.failed')))}</p>
          <Button variant="outline" size="sm" onClick={() => void thread.refetch()}>
            {t('tryAgain')}
          </Button>
        </div>
      ) : count === 0 ? (
        <p className="py-10 text-center text-muted">{t('thread.empty')}</p>
      ) : (
        <ol className="grid gap-2">
          {thread.data!.map((m) =>
            isSystemLine(m) ? (
              <SystemLine key={m.id} message={m} />
            ) : (
              <MessageBubble
                key={m.id}
                message={m}
                mine={m.senderId === meId}
                speaker={speaker}
                otherName={otherName}
                onReport={onReport}
              />
            ),
          )}
          {waiting.map((m) => (
            <WaitingBubble key={m.key} message={m} />
          ))}
        </ol>
      )}
    </div>
  );
}
