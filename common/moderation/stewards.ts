import { z } from 'zod';
import { PLACE_NAME_MAX_LENGTH } from '../listings/places';
import { singleLineText } from '../site/text';
import { idParam } from '../site/ids';

/**
 * Stewards (decision 166): members a moderator trusts with one area — a gazetteer place and a
 * radius. They act on reports about listings and members there, and may hide listings and
 * suspend for a week at most; bans stay with moderators.
 */

/** The longest suspension a steward may give, in days. */
export const STEWARD_SUSPENSION_MAX_DAYS = 7;
export const STEWARD_RADIUS_MIN_KM = 1;
export const STEWARD_RADIUS_MAX_KM = 200;
/** What the appoint form offers first. */
export const STEWARD_RADIUS_DEFAULT_KM = 25;

export const STEWARD_PLACE_REQUIRED = 'Choose a place from the list';
export const STEWARD_MEMBER_REQUIRED = 'Say who the steward is';

/** POST /api/moderation/stewards (moderators). */
export const createStewardSchema = z.object({
  memberId: singleLineText({ error: STEWARD_MEMBER_REQUIRED })
    .trim()
    .min(1, STEWARD_MEMBER_REQUIRED)
    .max(100, 'Member ID is too long'),
  place: singleLineText({ error: STEWARD_PLACE_REQUIRED })
    .trim()
    .min(1, STEWARD_PLACE_REQUIRED)
    .max(PLACE_NAME_MAX_LENGTH, 'Place is too long'),
  radiusKm: z.coerce
    .number('The radius must be a number of kilometres')
    .int('The radius must be a whole number of kilometres')
    .min(STEWARD_RADIUS_MIN_KM, `The radius must be at least ${STEWARD_RADIUS_MIN_KM} km`)
    .max(STEWARD_RADIUS_MAX_KM, `The radius must be at most ${STEWARD_RADIUS_MAX_KM} km`),
});
export type CreateStewardInput = z.input<typeof createStewardSchema>;

export const createdStewardSchema = z.object({ id: z.number().int() });

/** One area a member stewards, as GET /api/auth/user gives it (`stewardOf`). */
export const stewardAreaSchema = z.object({
  id: z.number().int(),
  place: z.string(),
  radiusKm: z.number().int(),
});
export type StewardArea = z.infer<typeof stewardAreaSchema>;

/** GET /api/moderation/stewards (moderators): every steward and their area. */
export const stewardItemSchema = stewardAreaSchema.extend({
  member: z.object({
    id: z.string(),
    username: z.string().nullable(),
    firstName: z.string().nullable(),
  }),
  createdAt: z.string(),
});
export type StewardItem = z.infer<typeof stewardItemSchema>;

export const stewardIdParamsSchema = z.object({ id: idParam('steward') });
