import { z } from 'zod';
import { RELEASE_REASON_MAX_LENGTH } from '../../../../common/handovers';
import { singleLineText } from '../../../../common/text';

/** The reserve dialog: a day and a time, both optional, but a time needs a day. */
export const reserveFormSchema = z
  .object({ date: z.string(), time: z.string() })
  .superRefine((value, ctx) => {
    if (value.time && !value.date) {
      ctx.addIssue({ code: 'custom', path: ['date'], message: 'Pick a day for that time' });
    }
  });
export type ReserveForm = z.input<typeof reserveFormSchema>;

/**
 * The chosen day and time as the neighbours' wall clock (`2026-11-28T10:00`), or null. A day
 * without a time means midday, a time people can adjust in the conversation.
 */
export function reserveAt({ date, time }: ReserveForm): string | null {
  if (!date) return null;
  return `${date}T${time || '12:00'}`;
}

/** The owner says briefly why they release a reservation; the member sees it in the thread. */
export const releaseFormSchema = z.object({
  reason: singleLineText()
    .trim()
    .min(1, 'Please say briefly why')
    .max(
      RELEASE_REASON_MAX_LENGTH,
      `Reason must be at most ${RELEASE_REASON_MAX_LENGTH} characters`,
    ),
});
