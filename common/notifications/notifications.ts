import { z } from 'zod';
import { ID_MAX } from '../site/ids';
import { NOTIFICATION_KINDS } from './notification-kinds';

/**
 * What the notification centre holds, one kind per cause: the kinds of `NEWS_KINDS`
 * (common/notifications/notification-kinds.ts, decision 153) that have a bell item.
 */
export { NOTIFICATION_KINDS, type NotificationKind } from './notification-kinds';

/** Longest title and body a producer may store: a line for the list, not a letter. */
export const NOTIFICATION_TITLE_MAX = 200;
export const NOTIFICATION_BODY_MAX = 1000;
/** A page of the list; the header asks for the newest few. */
export const NOTIFICATIONS_PAGE_DEFAULT = 20;
export const NOTIFICATIONS_PAGE_MAX = 100;
/** One "mark these read" call. */
export const NOTIFICATIONS_READ_MAX = 100;

export const notificationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  /** A path on this site (starts with one "/"): where the item leads. */
  url: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** GET /api/notifications: newest first; `unread` counts all of the member's unread ones. */
export const notificationsPageSchema = z.object({
  notifications: z.array(notificationSchema),
  unread: z.number().int(),
});
export type NotificationsPage = z.infer<typeof notificationsPageSchema>;

export const notificationsQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(NOTIFICATIONS_PAGE_MAX, `Limit must be at most ${NOTIFICATIONS_PAGE_MAX}`)
    .default(NOTIFICATIONS_PAGE_DEFAULT),
  /** The id of the last item already shown: the next page starts after it. */
  before: z.coerce
    .number()
    .int('Before must be an id')
    .positive('Before must be an id')
    .max(ID_MAX, 'Before must be an id')
    .optional(),
});

export const markNotificationsReadSchema = z.object({
  ids: z
    .array(z.number().int().positive().max(ID_MAX))
    .min(1, 'Name at least one notification')
    .max(NOTIFICATIONS_READ_MAX, `At most ${NOTIFICATIONS_READ_MAX} at a time`),
});

/** POST /api/notifications/read and /read-all answer with what is still unread. */
export const unreadNotificationsSchema = z.object({ unread: z.number().int() });

/** Where items lead: pages of the site, as paths (the client's links, the server's `url`). */
export const notificationLinks = {
  starter: (starterId: number) => `/starter/${starterId}`,
  thread: (starterId: number, withId: string) =>
    `/messages?starter=${starterId}&with=${encodeURIComponent(withId)}`,
  /** Where "Still available" renews a listing. */
  myListings: '/profile',
  rules: '/rules',
};
