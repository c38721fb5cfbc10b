import { z } from 'zod';
import { MESSAGE_MAX_LENGTH } from './constants';
import { MESSAGE_KINDS, systemLineSchema } from './system-lines';
import { multiLineText, singleLineText } from './text';
import { publicUserSchema } from './users';

/** Message text as the dialog, the messages page and the server all check it (spec §5). */
export const messageContentSchema = multiLineText({ error: 'Message cannot be empty' })
  .trim()
  .min(1, 'Message cannot be empty')
  .max(MESSAGE_MAX_LENGTH, 'Message too long');

/** POST /api/messages */
export const sendMessageSchema = z.object({
  starterId: z.coerce
    .number({ error: 'Invalid starter' })
    .int('Invalid starter')
    .positive('Invalid starter'),
  receiverId: singleLineText({ error: 'Receiver is required' })
    .trim()
    .min(1, 'Receiver is required'),
  content: messageContentSchema,
});
export type SendMessageInput = z.input<typeof sendMessageSchema>;

/**
 * POST /api/messages/starter/:starterId/read: marks the other side's messages in that thread
 * read (`with` as for reading the thread).
 */
export const markThreadReadSchema = z.preprocess(
  // May be sent with no body at all.
  (v) => v ?? {},
  z.object({ with: z.string().trim().min(1).max(100).optional() }),
);
export type MarkThreadReadInput = z.input<typeof markThreadReadSchema>;

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
});
export type Message = z.infer<typeof messageSchema>;

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
   * The other member wrote last (a message, not a line the site wrote): the asker owes a reply.
   * The landing page lists these for a signed-in member (decision 046).
   */
  awaitingReply: z.boolean().optional(),
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
    type: z.literal('read'),
    starterId: z.number().int(),
    readerId: z.string(),
    otherId: z.string(),
  }),
]);
export type LiveEvent = z.infer<typeof liveEventSchema>;

/** What the message dialog and the thread's composer ask for; the rest comes from context. */
export const messageFormSchema = sendMessageSchema.pick({ content: true });
