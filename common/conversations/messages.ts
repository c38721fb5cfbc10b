import { z } from 'zod';
import { idField } from '../site/ids';
import { MESSAGE_MAX_LENGTH } from '../site/constants';
import { NOTIFICATION_KINDS } from '../notifications/notifications';
import { MESSAGE_KINDS, systemLineSchema } from './system-lines';
import { multiLineText, singleLineText } from '../site/text';
import { publicUserSchema } from '../members/users';
import { SCREENING_CODES } from '../moderation/screening';

/** Message text as the dialog, the messages page and the server all check it (spec §5). */
export const messageContentSchema = multiLineText({ error: 'Message cannot be empty' })
  .trim()
  .min(1, 'Message cannot be empty')
  .max(MESSAGE_MAX_LENGTH, 'Message too long');

/**
 * The text as POST /api/messages takes it: it may be empty when photos come with it (the
 * server checks that), never longer than the limit.
 */
const sentTextSchema = multiLineText({ error: 'Message cannot be empty' })
  .trim()
  .max(MESSAGE_MAX_LENGTH, 'Message too long');

export const MESSAGE_EMPTY = 'Message cannot be empty';

/** POST /api/messages (JSON, or multipart with up to four `image` parts). */
export const sendMessageSchema = z.object({
  starterId: idField('Invalid starter'),
  receiverId: singleLineText({ error: 'Receiver is required' })
    .trim()
    .min(1, 'Receiver is required'),
  content: sentTextSchema,
});
export type SendMessageInput = z.input<typeof sendMessageSchema>;

/**
 * POST /api/messages/starter/:starterId/read: marks the other side's messages in that thread
 * read (`with` as for reading the thread), up to `upTo`, the newest message the reader was
 * shown: one that arrived after the page was drawn stays unread. Without it, all of them.
 */
export const markThreadReadSchema = z.preprocess(
  // May be sent with no body at all.
  (v) => v ?? {},
  z.object({
    with: z.string().trim().min(1).max(100).optional(),
    upTo: idField('upTo must be a message id').optional(),
  }),
);
export type MarkThreadReadInput = z.input<typeof markThreadReadSchema>;

/** A photo sent in a message: only the conversation's two members can open these. */
export const messagePhotoSchema = z.object({ url: z.string(), thumbUrl: z.string() });
export type MessagePhoto = z.infer<typeof messagePhotoSchema>;

/** A message as the thread shows it (spec §3 message item plus who it went to). */
export const messageSchema = z.object({
  id: z.number().int(),
  starterId: z.number().int(),
  senderId: z.string(),
  receiverId: z.string(),
  content: z.string(),
  isRead: z.boolean(),
  createdAt: z.string(),
  /**
   * 'system': a line the site wrote (a reservation, a hand-over, "found a new home"); it has
   * no human author: `senderId` is the thread's other side, kept so the thread stays paired.
   */
  kind: z.enum(MESSAGE_KINDS).optional(),
  system: systemLineSchema.nullable().optional(),
  /**
   * For the sender: 'sent' (delivered), 'held' (screening held it for a moderator; the
   * receiver sees nothing) or 'rejected' (a moderator turned it down). Absent means sent.
   */
  status: z.enum(['sent', 'held', 'rejected']).optional(),
  /** For the receiver: the screening rules that warned (a quiet banner per code). */
  warnings: z.array(z.enum(SCREENING_CODES)).optional(),
  photos: z.array(messagePhotoSchema).optional(),
});
export type Message = z.infer<typeof messageSchema>;

/** POST /api/messages/starter/:starterId/nudge: the other member of the conversation. */
export const nudgeSchema = z.object({ with: z.string().trim().min(1).max(100) });
export const NUDGE_HOURS = 24;
export const NUDGE_TOO_SOON = `You can nudge once every ${NUDGE_HOURS} hours in a conversation.`;
export const NUDGE_NOT_YOUR_TURN = 'You can nudge when you wrote last.';
export const NUDGE_NOT_YET = `You can nudge once your message has waited ${NUDGE_HOURS} hours.`;
export const NUDGE_HELD = 'Your message is waiting for review; you can nudge once it is delivered.';
export const NUDGE_AFTER_HANDOVER = 'The hand-over is finished; there is no reply to wait for.';

export const CONVERSATION_STAGES = ['asked', 'reserved', 'given'] as const;
export type ConversationStage = (typeof CONVERSATION_STAGES)[number];

/** GET /api/conversations item: spec §3 plus the other member of the thread. */
export const conversationSchema = z.object({
  starterId: z.number().int(),
  starterTitle: z.string(),
  otherUser: publicUserSchema,
  lastMessage: z.object({ content: z.string(), createdAt: z.string() }),
  unreadCount: z.number().int(),
  /** Whether the caller owns the starter (their inbox leads with the person) or asked about it. */
  role: z.enum(['owner', 'asker']).optional(),
  /** How far the hand-over between the two has come: asked, a portion reserved, or given. */
  stage: z.enum(CONVERSATION_STAGES).optional(),
  /**
   * The other member wrote last (a message, not a line the site wrote) and their hand-over is
   * not finished: the caller owes a reply.
   * The landing page lists these for a signed-in member (decision 046).
   */
  awaitingReply: z.boolean().optional(),
  /**
   * The caller's own last message was held by screening: it waits for a moderator, or a
   * moderator turned it down. Only its sender sees the conversation so.
   */
  review: z.enum(['waiting', 'rejected']).optional(),
  /**
   * The caller may nudge: the other side owes a reply (the caller wrote last, nothing of theirs
   * is held for review, the hand-over is not finished), it has waited 24 hours by the server's
   * clock, and the caller has not nudged within 24 hours (decision 141).
   */
  mayNudge: z.boolean().optional(),
  /** The other member is away until then (decision 160): the thread says so in one line. */
  otherAwayUntil: z.string().optional(),
});
export type Conversation = z.infer<typeof conversationSchema>;

/** GET /api/messages/unread-count */
export const unreadCountSchema = z.object({ count: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

/**
 * What the live event stream (GET /api/events) says: ids only, the client refetches.
 * `message`: a message was sent; `read`: a member read a thread (their badges change).
 */
export const liveEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('message'),
    messageId: z.number().int(),
    starterId: z.number().int(),
    senderId: z.string(),
    receiverId: z.string(),
  }),
  z.object({
    type: z.literal('nudge'),
    starterId: z.number().int(),
    senderId: z.string(),
    receiverId: z.string(),
  }),
  z.object({
    type: z.literal('read'),
    starterId: z.number().int(),
    readerId: z.string(),
    otherId: z.string(),
  }),
  /** A new item in the member's notification centre (the bell): its id when it is one member's. */
  z.object({
    type: z.literal('notification'),
    id: z.number().int().optional(),
    kind: z.enum(NOTIFICATION_KINDS),
  }),
  /** The member read notifications in another tab: the bell's count changed. */
  z.object({ type: z.literal('notifications_read') }),
]);
export type LiveEvent = z.infer<typeof liveEventSchema>;

/** What the message dialog and the thread's composer ask for; the rest comes from context. */
export const messageFormSchema = z.object({ content: messageContentSchema });
