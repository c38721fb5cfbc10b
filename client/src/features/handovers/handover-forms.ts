import { z } from 'zod';
import { RELEASE_REASON_MAX_LENGTH } from '../../../../common/conversations/handovers';
import { singleLineText } from '../../../../common/site/text';
import { conversationsT } from '../../lib/conversations-t';

/** The reserve dialog: a day and a time, both optional, but a time needs a day. */
export const reserveFormSchema = z
  .object({ date: z.string(), time: z.string() })
  .superRefine((value, ctx) => {
    if (value.time && !value.date) {
      ctx.addIssue({ code: 'custom', path: ['date'], message: conversationsT('reserve.pickDay') });
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
    // Worded when the rule is broken, so in the language shown then.
    .min(1, { error: () => conversationsT('release.sayWhy') })
    .max(RELEASE_REASON_MAX_LENGTH, {
      error: () => conversationsT('release.reasonMax', { max: RELEASE_REASON_MAX_LENGTH }),
    }),
});
