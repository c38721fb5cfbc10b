import { z } from 'zod';
import { multiLineText, singleLineText } from '../../../../common/text';

export const RELEASE_REASON_MAX_LENGTH = 200;
export const FEEDBACK_NOTE_MAX_LENGTH = 300;

/** The reserve dialog: a date and a time, both optional, but a time needs a date. */
export const reserveFormSchema = z
  .object({
    date: z.string(),
    time: z.string(),
  })
  .superRefine((value, ctx) => {
    if (value.time && !value.date) {
      ctx.addIssue({ code: 'custom', path: ['date'], message: 'Pick a day for that time' });
    }
    if (value.date && Number.isNaN(new Date(`${value.date}T${value.time || '00:00'}`).getTime())) {
      ctx.addIssue({ code: 'custom', path: ['date'], message: 'That date does not look right' });
    }
  });
export type ReserveForm = z.input<typeof reserveFormSchema>;

/** The chosen day and time as an ISO instant (local time), or null when none was picked. */
export function reserveAt({ date, time }: ReserveForm): string | null {
  if (!date) return null;
  return new Date(`${date}T${time || '12:00'}`).toISOString();
}

export const releaseFormSchema = z.object({
  reason: singleLineText()
    .trim()
    .min(1, 'Please say briefly why')
    .max(RELEASE_REASON_MAX_LENGTH, `At most ${RELEASE_REASON_MAX_LENGTH} characters`),
});

export const feedbackFormSchema = z
  .object({
    rating: z.enum(['up', 'down'], 'Choose 👍 or 👎'),
    reason: z.enum(['no-show', 'late', 'rude', 'unhealthy', 'other']).or(z.literal('')),
    note: multiLineText()
      .trim()
      .max(FEEDBACK_NOTE_MAX_LENGTH, `At most ${FEEDBACK_NOTE_MAX_LENGTH} characters`),
  })
  .superRefine((value, ctx) => {
    if (value.rating === 'down' && !value.reason) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Please choose what went wrong' });
    }
  });
export type FeedbackForm = z.input<typeof feedbackFormSchema>;
