import { z } from 'zod';
import { publicUserSchema } from '../members/users';

/**
 * Check-ins after a confirmed hand-over (decision 032): the recipient is asked "Did it wake
 * up?" this many days after they confirmed it arrived.
 */
export const CHECKIN_DAYS = [1, 3, 7] as const;
export type CheckinDay = (typeof CHECKIN_DAYS)[number];

export const CHECKIN_ANSWERS = ['thriving', 'slow', 'worried'] as const;
export type CheckinAnswer = (typeof CHECKIN_ANSWERS)[number];

export const CHECKIN_ANSWER_REQUIRED = 'Choose how it is doing';

/** POST /api/checkins/:id — the recipient's one-click answer. */
export const answerCheckinSchema = z.object({
  answer: z.enum(CHECKIN_ANSWERS, CHECKIN_ANSWER_REQUIRED),
});
export type AnswerCheckinInput = z.input<typeof answerCheckinSchema>;

/**
 * A check-in answered from its mail (decision 055): the member's mail key stands in for a
 * sign-in. GET `/api/checkins/:id/mail?key=` shows it; POST `/api/checkins/:id/mail` answers.
 */
export const mailKeySchema = z.string().regex(/^[0-9a-f]{32}$/, 'This link is not valid');
export const checkinMailQuerySchema = z.object({ key: mailKeySchema });
export const answerCheckinByMailSchema = answerCheckinSchema.extend({ key: mailKeySchema });
export type AnswerCheckinByMailInput = z.input<typeof answerCheckinByMailSchema>;

/**
 * One check-in as its recipient sees it. `GET /api/checkins` lists the due ones (answer
 * null, at most one per hand-over); `POST /api/checkins/:id` answers with the answered one.
 */
export const checkinSchema = z.object({
  id: z.number().int(),
  handoverId: z.number().int(),
  day: z.union([z.literal(1), z.literal(3), z.literal(7)]),
  dueAt: z.string(),
  answer: z.enum(CHECKIN_ANSWERS).nullable(),
  answeredAt: z.string().nullable(),
  starter: z.object({ id: z.number().int(), title: z.string() }),
  /** Who gave it: the member to ask. */
  giver: publicUserSchema,
});
export type Checkin = z.infer<typeof checkinSchema>;
export const checkinsSchema = z.array(checkinSchema);
