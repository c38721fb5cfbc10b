import { z } from 'zod';
import { ID_MAX } from './ids';
import type { PushKind } from './push';
import type { MailKind } from './users';

/**
 * What the notification centre holds, one kind per cause. Every kind names the mail kind
 * (decision 054) whose choice says whether it also goes by mail, and the push kind whose
 * choice says whether it is pushed (decision 094).
 * Alert matches and asks have their own mail (each alert's frequency; the 'asks' kind).
 */
export const NOTIFICATION_KINDS = [
  'reservation',
  'handover',
  'checkin',
  'standing_offer',
  'expiry',
  'moderation',
  'alert_match',
  'ask_help',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The mail kind whose choice decides mail for each notification kind. */
export const notificationMailKind: Record<NotificationKind, MailKind | null> = {
  reservation: 'reservations',
  handover: 'reservations',
  checkin: 'checkins',
  standing_offer: 'offers',
  expiry: 'reminders',
  moderation: 'reminders',
  // Each alert chooses its own mail (immediately, daily or weekly) and is stopped alone.
  alert_match: null,
  ask_help: 'asks',
};

/**
 * The push kind whose choice decides whether `notify` also pushes the item (decision 094).
 * Listing reminders, moderators' decisions and "Could you help?" wait in the bell and the mail:
 * none of them needs the member the same minute.
 */
export const notificationPushKind: Record<NotificationKind, PushKind | null> = {
  reservation: 'reservations',
  handover: 'reservations',
  checkin: 'checkins',
  standing_offer: 'offers',
  expiry: null,
  moderation: null,
  alert_match: 'alerts',
  ask_help: null,
};

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
