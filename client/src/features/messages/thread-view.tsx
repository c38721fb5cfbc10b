import { useEffect, useId, useRef, useState, type ComponentType, type FormEvent } from 'react';
import { useQuery, type QueryKey } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  ArrowLeft,
  BellRing,
  Clock,
  Flag,
  Info,
  MoreHorizontal,
  SendHorizontal,
} from 'lucide-react';
import { MESSAGE_MAX_LENGTH } from '../../../../common/constants';
import { displayName } from '../../../../common/display';
import { messageFormSchema, type Conversation, type Message } from '../../../../common/messages';
import type { StarterQuery } from '../../lib/query-keys';
import type { PublicUser } from '../../../../common/users';
import { WARNING_TEXTS } from '../../../../common/screening';
import { Avatar } from '../../components/ui/avatar';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/form-controls';
import { Skeleton } from '../../components/ui/skeleton';
import { toastError } from '../../components/ui/toast';
import { errorMessage, isNetworkError } from '../../lib/api';
import { cn } from '../../lib/cn';
import { timeAgo } from '../../lib/time';
import { useMessageText } from '../../lib/message-text';
import { useZodForm } from '../../lib/use-zod-form';
import {
  useConversationSigns,
  useMarkThreadRead,
  useNudge,
  useSendMessage,
  useThread,
} from './messages-api';
import { AddPhotosButton, ChosenPhotos, MessagePhotos } from './message-photos';
import { ReportMessageDialog } from './report-message-dialog';
import { toast } from '../../components/ui/toast';
import { addToOutbox, newOutboxKey, useOutbox } from './message-outbox';
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
 * (once per newest unread message), which then updates the badge and the list. Only what was
 * shown is marked: a message that reaches the server before this call stays unread.
 */
function useMarkReadWhenShown(meId: string, starterId: number, messages: Message[] | undefined) {
  const { mutate: markRead } = useMarkThreadRead();
  const newestUnread = messages?.findLast((m) => m.senderId !== meId && !m.isRead);
  const marked = useRef<number | null>(null);
  useEffect(() => {
    if (!newestUnread || marked.current === newestUnread.id) return;
    marked.current = newestUnread.id;
    markRead({ starterId, withId: newestUnread.senderId, upTo: newestUnread.id });
  }, [newestUnread, starterId, markRead]);
}

/**
 * Facts about the member who opened the conversation, for the one they wrote to: short and
 * plain, never a verdict on the person.
 */
function ConversationSigns({ starterId, otherId }: { starterId: number; otherId: string }) {
  const { t } = useTranslation('conversations');
  const say = useMessageText();
  const signs = useConversationSigns(starterId, otherId).data?.signs ?? [];
  if (signs.length === 0) return null;
  return (
    <section
      aria-label={t('thread.about')}
      className="border-b border-border bg-surface-muted/60 px-4 py-2 text-sm"
    >
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-muted">
        {signs.map((sign) => (
          <li key={sign.code} className="flex items-center gap-1.5">
            <Info className="size-4 shrink-0" aria-hidden />
            {say(sign.text)}
          </li>
        ))}
      </ul>
    </section>
  );
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

export function ThreadView<Key extends QueryKey>({
  meId,
  starterId,
  withId,
  conversation,
  starterQuery,
  extras = {},
  askWithPhoto = false,
}: {
  meId: string;
  starterId: number;
  withId: string | null;
  conversation: Conversation | undefined;
  starterQuery: StarterQuery<Key>;
  extras?: ThreadExtras;
  /** Opened to ask about the culture with a photo: the photo button has focus. */
  askWithPhoto?: boolean;
}) {
  const { t } = useTranslation('conversations');
  const say = useMessageText();
  const thread = useThread(starterId, withId);
  const starter = useQuery({ ...starterQuery(starterId), enabled: !conversation });
  const send = useSendMessage();
  useMarkReadWhenShown(meId, starterId, thread.data);
  const form = useZodForm(messageFormSchema, { defaultValues: { content: '' } });
  const text = useWatch({ control: form.control, name: 'content' }) ?? '';
  const inputId = useId();
  const moreId = useId();
  const [moreOpen, setMoreOpen] = useState(false);
  const [photos, setPhotos] = useState<File[]>([]);
  const [reporting, setReporting] = useState<Message | null>(null);
  const addPhotosRef = useRef<HTMLButtonElement>(null);
  const nudge = useNudge();
  const logRef = useRef<HTMLDivElement>(null);
  const owner = starter.data?.user;
  const receiverId = otherMemberId(meId, withId, conversation, thread.data, owner);
  const waiting = useOutbox(starterId, receiverId);
  const count = (thread.data?.length ?? 0) + waiting.length;

  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [count]);

  useEffect(() => {
    if (askWithPhoto) addPhotosRef.current?.focus();
  }, [askWithPhoto]);

  // Offered only when the other side owes a reply and a day has passed, by the server's rule
  // and clock (decision 141): never on a held message nor after a finished hand-over.
  const mayNudge = !!receiverId && conversation?.mayNudge === true;

  // Blank text only keeps Send disabled: no error line under a one-line composer.
  const sendNow = (content: string) => {
    if (!receiverId || send.isPending) return;
    // Written without a connection (or the connection dropped on the way): it waits on this
    // device and goes out with the same key when the connection returns, so it is stored once.
    const waiting = {
      key: newOutboxKey(),
      senderId: meId,
      starterId,
      receiverId,
      content,
      createdAt: new Date().toISOString(),
    };
    if (!navigator.onLine && photos.length === 0) {
      addToOutbox(waiting);
      form.reset({ content: '' });
      return;
    }
    send.mutate(
      { starterId, receiverId, content, photos, key: waiting.key },
      {
        onSuccess: () => {
          form.reset({ content: '' });
          setPhotos([]);
        },
        onError: (err) => {
          // Photos are not kept on the device: only words wait in the outbox.
          if (isNetworkError(err) && photos.length === 0) {
            addToOutbox(waiting);
            form.reset({ content: '' });
          } else toastError(errorMessage(err, t('thread.sendFailed')));
        },
      },
    );
  };
  // Photos may go without words; words alone are checked by the form as before.
  const submit =
    photos.length > 0
      ? (event: FormEvent) => {
          event.preventDefault();
          sendNow(form.getValues('content').trim());
        }
      : form.handleSubmit(({ content }) => sendNow(content));

  const other = conversation?.otherUser ?? (owner && owner.id === receiverId ? owner : undefined);
  const otherName = other ? displayName(other, t('someone')) : t('thisMember');
  const title = conversation?.starterTitle ?? starter.data?.title ?? t('thread.fallbackTitle');
  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className="border-b border-border">
        <div className="flex items-center gap-2 px-2 py-1.5 sm:gap-3 sm:px-4">
          <Button asChild variant="ghost" size="icon" className="size-11 shrink-0 md:hidden">
            <Link to={paths.messages} aria-label={t('thread.back')}>
              <ArrowLeft className="size-5 rtl:-scale-x-100" aria-hidden />
            </Link>
          </Button>
          {other && <Avatar person={other} />}
          <div className="min-w-0 flex-1">
            <h2 className="truncate leading-tight font-semibold">{title}</h2>
            {other && <p className="truncate text-sm text-muted">{otherName}</p>}
          </div>
          <Button
            variant="ghost"
            size="icon"
            className="size-11 shrink-0"
            aria-label={t('thread.options')}
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
              {t('thread.viewStarter')}
            </Link>
            {receiverId && extras.More && (
              <extras.More otherId={receiverId} otherName={otherName} />
            )}
          </div>
        </div>
      </div>
      {receiverId && <ConversationSigns starterId={starterId} otherId={receiverId} />}
      {receiverId && extras.Toolbar && (
        <extras.Toolbar
          meId={meId}
          starterId={starterId}
          otherId={receiverId}
          otherName={otherName}
        />
      )}

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
            {thread.data!.map((m) => {
              const mine = m.senderId === meId;
              if (isSystemLine(m)) {
                return (
                  <li key={m.id} className="flex justify-center py-1">
                    <p className="max-w-[90%] rounded-full bg-sage-soft px-3 py-1 text-center text-sm text-sage">
                      <span className="sr-only">{t('thread.siteSays')}</span>
                      {m.content}{' '}
                      <time dateTime={m.createdAt} className="text-xs">
                        · {timeAgo(m.createdAt)}
                      </time>
                    </p>
                  </li>
                );
              }
              const held = mine && (m.status === 'held' || m.status === 'rejected');
              return (
                <li key={m.id} className={cn('flex flex-col', mine ? 'items-end' : 'items-start')}>
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
                  <div
                    className={cn(
                      'flex w-full items-start gap-1',
                      mine ? 'justify-end' : 'justify-start',
                    )}
                  >
                    <div
                      className={cn(
                        'max-w-[80%] rounded-2xl px-3.5 py-2 shadow-sm',
                        mine
                          ? 'rounded-ee-md bg-accent text-accent-fg'
                          : 'rounded-es-md border border-border bg-surface text-text',
                      )}
                    >
                      <span className="sr-only">
                        {mine
                          ? t('thread.you')
                          : t('thread.says', { name: other ? otherName : t('thread.them') })}
                      </span>
                      {m.content && (
                        <p className="wrap-anywhere whitespace-pre-wrap">{m.content}</p>
                      )}
                      {m.photos && m.photos.length > 0 && (
                        <MessagePhotos photos={m.photos} senderName={otherName} mine={mine} />
                      )}
                      <time
                        dateTime={m.createdAt}
                        className={cn(
                          'mt-0.5 block text-xs',
                          mine ? 'text-accent-fg' : 'text-muted',
                        )}
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
                        aria-label={t('thread.report', {
                          name: otherName,
                          when: timeAgo(m.createdAt),
                        })}
                        onClick={() => setReporting(m)}
                      >
                        <Flag className="size-4" aria-hidden />
                      </Button>
                    )}
                  </div>
                </li>
              );
            })}
            {waiting.map((m) => (
              <li key={m.key} className="flex justify-end">
                <div className="max-w-[80%] rounded-2xl rounded-ee-md border border-dashed border-accent bg-accent-soft px-3.5 py-2 text-text">
                  <span className="sr-only">{t('thread.you')}</span>
                  <p className="wrap-anywhere whitespace-pre-wrap">{m.content}</p>
                  <p className="mt-0.5 flex items-center gap-1 text-xs text-muted">
                    <Clock className="size-3" aria-hidden /> {t('thread.waitingToSend')}
                  </p>
                </div>
              </li>
            ))}
          </ol>
        )}
      </div>

      <ReportMessageDialog
        message={reporting}
        senderName={otherName}
        onOpenChange={(open) => !open && setReporting(null)}
      />

      {mayNudge && (
        <div className="flex flex-wrap items-center justify-between gap-2 border-t border-border px-3 py-1.5 text-sm text-muted">
          <p>{t('thread.waitingForReply', { name: otherName })}</p>
          <Button
            variant="outline"
            size="sm"
            className="min-h-11"
            disabled={nudge.isPending}
            onClick={() =>
              nudge.mutate(
                { starterId, withId: receiverId },
                {
                  onSuccess: () =>
                    toast({
                      title: t('thread.nudgeSent'),
                      description: t('thread.nudgeSentText', { name: otherName }),
                    }),
                  onError: (err) => toastError(errorMessage(err, t('thread.nudgeFailed'))),
                },
              )
            }
          >
            <BellRing className="size-4" aria-hidden />
            {t('thread.nudge')}
          </Button>
        </div>
      )}

      {askWithPhoto && photos.length === 0 && (
        <p className="border-t border-border px-3 pt-2 text-sm text-muted">
          {t('thread.askWithPhoto', { name: otherName })}
        </p>
      )}
      <ChosenPhotos photos={photos} onChange={setPhotos} />
      <form onSubmit={submit} className="flex items-center gap-2 border-t border-border p-3">
        <AddPhotosButton
          ref={addPhotosRef}
          photos={photos}
          onChange={setPhotos}
          disabled={!receiverId || send.isPending}
        />
        <label htmlFor={inputId} className="sr-only">
          {t('thread.message')}
        </label>
        <Input
          id={inputId}
          {...form.register('content')}
          placeholder={t('thread.placeholder')}
          maxLength={MESSAGE_MAX_LENGTH}
          autoComplete="off"
          className="flex-1"
        />
        <Button
          type="submit"
          size="icon"
          className="size-11 shrink-0"
          aria-label={t('thread.send')}
          disabled={(!text.trim() && photos.length === 0) || !receiverId || send.isPending}
        >
          <SendHorizontal className="size-5" aria-hidden />
        </Button>
      </form>
    </div>
  );
}
