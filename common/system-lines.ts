import { z } from 'zod';

export const SYSTEM_EVENTS = [
  'reserved',
  'reservation_released',
  'reservation_backed_out',
  'given',
  'received',
  'not_received',
  'found_new_home',
  /** The recipient answered a check-in ("Did it wake up?", common/checkins.ts). */
  'checkin_answered',
  'standing_offered',
  'standing_accepted',
  'standing_declined',
  'standing_expired',
  'standing_withdrawn',
] as const;
export type SystemEvent = (typeof SYSTEM_EVENTS)[number];

/**
 * What a thread message carries when the site wrote it (`kind: 'system'`): the event, and the
 * reservation or hand-over it is about. Its `content` is the line to show, in English
 * ("Reserved for you — Saturday 10:00"); `at` lets a client format the time itself.
 */
export const systemLineSchema = z.object({
  event: z.enum(SYSTEM_EVENTS),
  at: z.string().nullable(),
  reservationId: z.number().int().nullable(),
  handoverId: z.number().int().nullable(),
});
export type SystemLine = z.infer<typeof systemLineSchema>;

export const MESSAGE_KINDS = ['text', 'system'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

export const FOUND_NEW_HOME_TEXT = 'This starter has found a new home — thank you for asking';
