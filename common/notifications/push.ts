import { z } from 'zod';

/** The kinds of news a member may have pushed, one switch each: declared with the kinds of news (decision 153). */
export { PUSH_KINDS, type PushKind } from './notification-kinds';

/** GET /api/push/key: the server's VAPID public key (base64url), for `pushManager.subscribe`. */
export const pushKeySchema = z.object({ publicKey: z.string() });

/** POST /api/push/subscriptions: what `PushSubscription.toJSON()` gives. */
export const pushSubscriptionInputSchema = z.object({
  endpoint: z.string().trim().min(1, 'Endpoint is required').max(2048, 'Endpoint too long'),
  keys: z.object({
    p256dh: z
      .string()
      .regex(/^[A-Za-z0-9_-]{80,100}=*$/, 'Invalid key')
      .max(120),
    auth: z
      .string()
      .regex(/^[A-Za-z0-9_-]{16,32}=*$/, 'Invalid key')
      .max(40),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInputSchema>;

/** GET /api/push/subscriptions: the member's devices, without their keys. */
export const pushSubscriptionSchema = z.object({
  id: z.number(),
  endpoint: z.string(),
  createdAt: z.string(),
});
export type PushSubscriptionItem = z.infer<typeof pushSubscriptionSchema>;

/** GET/PATCH /api/push/settings: the push channel of every kind, and how messages show. */
export const pushSettingsSchema = z.object({
  messages: z.boolean(),
  reservations: z.boolean(),
  checkins: z.boolean(),
  offers: z.boolean(),
  alerts: z.boolean(),
  hideMessageText: z.boolean(),
});
export type PushSettings = z.infer<typeof pushSettingsSchema>;
export const pushSettingsPatchSchema = pushSettingsSchema.partial();

/** What the service worker receives in every push (RFC 8291-encrypted on the way). */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string(),
  tag: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;

/** One notification per conversation: a newer message replaces the older one. */
export const conversationTag = (starterId: number, otherUserId: string) =>
  `conversation:${starterId}:${otherUserId}`;
