import { useEffect, useRef, useState } from 'react';
import { useQuery, type QueryKey } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { displayName } from '../../../../common/members/display';
import type { Conversation, Message } from '../../../../common/conversations/messages';
import type { StarterQuery } from '../../lib/query-keys';
import type { PublicUser } from '../../../../common/members/users';
import { useMarkThreadRead, useThread } from './messages-api';
import { ReportMessageDialog } from './report-message-dialog';
import { useOutbox } from './message-outbox';
import { ConversationSigns } from './conversation-signs';
import { ThreadComposer } from './thread-composer';
import { ThreadHeader, type ThreadExtras } from './thread-header';
import { ThreadLog } from './thread-log';
import { ThreadNudgeBar } from './thread-nudge-bar';
import { ThreadAwayLine } from './thread-away-line';

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

/** One conversation about a starter: header, the messages, and the composer. */
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
  /**
   * How to load a starter. The starters feature owns that cache entry; the page hands its query
   * over so a starter is cached once, whichever screen asked first.
   */
  starterQuery: StarterQuery<Key>;
  extras?: ThreadExtras;
  /** Opened to ask about the culture with a photo: the photo button has focus. */
  askWithPhoto?: boolean;
}) {
  const { t } = useTranslation('conversations');
  const thread = useThread(starterId, withId);
  const starter = useQuery({ ...starterQuery(starterId), enabled: !conversation });
  useMarkReadWhenShown(meId, starterId, thread.data);
  const [reporting, setReporting] = useState<Message | null>(null);
  const owner = starter.data?.user;
  const receiverId = otherMemberId(meId, withId, conversation, thread.data, owner);
  const waiting = useOutbox(starterId, receiverId);

  // Offered only when the other side owes a reply and a day has passed, by the server's rule
  // and clock (decision 141): never on a held message nor after a finished hand-over.
  const mayNudge = !!receiverId && conversation?.mayNudge === true;

  const other = conversation?.otherUser ?? (owner && owner.id === receiverId ? owner : undefined);
  const otherName = other ? displayName(other, t('someone')) : t('thisMember');
  const title = conversation?.starterTitle ?? starter.data?.title ?? t('thread.fallbackTitle');
  const awayUntil =
    conversation?.otherAwayUntil ??
    (owner && owner.id === receiverId ? starter.data?.ownerAwayUntil : undefined);
  return (
    <div className="flex h-full min-h-0 flex-col">
      <ThreadHeader
        title={title}
        other={other}
        otherName={otherName}
        starterId={starterId}
        receiverId={receiverId}
        extras={extras}
      />
      {receiverId && <ConversationSigns starterId={starterId} otherId={receiverId} />}
      <ThreadAwayLine until={awayUntil} otherName={otherName} />
      {receiverId && extras.Toolbar && (
        <extras.Toolbar
          meId={meId}
          starterId={starterId}
          otherId={receiverId}
          otherName={otherName}
        />
      )}

      <ThreadLog
        meId={meId}
        thread={thread}
        waiting={waiting}
        speaker={other ? otherName : t('thread.them')}
        otherName={otherName}
        onReport={setReporting}
      />

      <ReportMessageDialog
        message={reporting}
        senderName={otherName}
        onOpenChange={(open) => !open && setReporting(null)}
      />

      {mayNudge && (
        <ThreadNudgeBar starterId={starterId} receiverId={receiverId} otherName={otherName} />
      )}

      <ThreadComposer
        meId={meId}
        starterId={starterId}
        receiverId={receiverId}
        otherName={otherName}
        askWithPhoto={askWithPhoto}
      />
    </div>
  );
}
