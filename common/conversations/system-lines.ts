import { z } from 'zod';
import { CHECKIN_ANSWERS } from '../cultures/checkins';

export const SYSTEM_EVENTS = [
  'reserved',
  'reservation_released',
  'reservation_backed_out',
  'given',
  'received',
  'not_received',
  'found_new_home',
  /** The recipient answered a check-in ("Did it wake up?", common/cultures/checkins.ts). */
  'checkin_answered',
  'standing_offered',
  'standing_accepted',
  'standing_declined',
  'standing_expired',
  'standing_withdrawn',
  /** A member's feedback on their finished hand-over, with its note, for the other (decision 141). */
  'feedback_left',
  /** Its giver withdrew a 👎 while it waited to count (decision 168). */
  'feedback_withdrawn',
] as const;
export type SystemEvent = (typeof SYSTEM_EVENTS)[number];

/**
 * What a line's wording needs beyond its event (decision 124): the member's own reason for a
 * release, the hours a standing offer waits, a check-in's answer. Stored with the line; the
 * words are the catalogue's, chosen when someone reads it.
 */
export const systemLineValuesSchema = z.object({
  reason: z.string().optional(),
  hours: z.number().int().optional(),
  answer: z.enum(CHECKIN_ANSWERS).optional(),
  rating: z.enum(['up', 'down']).optional(),
  /** The feedback's note, the member's own words. */
  note: z.string().optional(),
  /** When a 👎 starts to count unless its giver withdraws it first (ISO, decision 168). */
  countsAt: z.string().optional(),
});
export type SystemLineValues = z.infer<typeof systemLineValuesSchema>;

/**
 * What a thread message carries when the site wrote it (`kind: 'system'`): the event, the
 * reservation or hand-over it is about and the values of its wording. Its `content` is the
 * line worded for the member reading it, in their language ("Reserved for you — Saturday
 * 10:00", "Reservado para ti — sábado, 10:00"); `at` lets a client format the time itself.
 * `values` is missing only on a line stored before decision 124 whose words were not known.
 */
export const systemLineSchema = z.object({
  event: z.enum(SYSTEM_EVENTS),
  at: z.string().nullable(),
  reservationId: z.number().int().nullable(),
  handoverId: z.number().int().nullable(),
  values: systemLineValuesSchema.optional(),
});
export type SystemLine = z.infer<typeof systemLineSchema>;

export const MESSAGE_KINDS = ['text', 'system'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];
