import { z } from 'zod';

/**
 * The public moderation log (decision 167): what was done, under which rule, when and in which
 * town — never who reported or who acted, and a member's name only while they are banned.
 */
export const publicLogActions = [
  'remove_starter',
  'restore_starter',
  'suspend',
  'ban',
  'lift_sanction',
] as const;
export type PublicLogAction = (typeof publicLogActions)[number];

export const MODERATION_LOG_PAGE = 30;
export const MODERATION_LOG_MAX = 100;

/** GET /api/moderation/log?limit=&before= */
export const moderationLogQuerySchema = z.object({
  limit: z.coerce
    .number('The limit must be a number')
    .int('The limit must be a whole number')
    .min(1, 'The limit must be at least 1')
    .max(MODERATION_LOG_MAX, `The limit must be at most ${MODERATION_LOG_MAX}`)
    .default(MODERATION_LOG_PAGE),
  /** Entries before this moment (the `at` of the last one shown), for the next page. */
  before: z.iso.datetime({ offset: true, error: 'before must be a date and time' }).optional(),
});

export const moderationLogEntrySchema = z.object({
  action: z.enum(publicLogActions),
  /** The rule broken (a removal reason's value), when one was named. */
  rule: z.string().nullable(),
  at: z.string(),
  /** The town of the listing or the member, from the gazetteer; null when unknown. */
  place: z.string().nullable(),
  /**
   * Only on a ban that still holds: the member's name, or null when they have none (the page
   * says "a member" in its reader's language).
   */
  member: z.string().nullable().optional(),
});
export type ModerationLogEntry = z.infer<typeof moderationLogEntrySchema>;
