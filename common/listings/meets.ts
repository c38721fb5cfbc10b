import { z } from 'zod';
import { idField } from '../site/ids';
import { multiLineText, singleLineText } from '../site/text';
import { DAY_MS, HOUR_MS } from '../site/time';
import { PLACE_NAME_MAX_LENGTH } from './places';
import { MAX_RADIUS_KM } from './radii';

/**
 * Swap meets (decision 169): a member names a time and a place where members meet to hand over
 * portions; givers say which listings they bring, members say they are coming, and after it the
 * meet counts the kitchens it reached and the families that spread.
 */

export const MEET_TITLE_MAX_LENGTH = 100;
export const MEET_DESCRIPTION_MAX_LENGTH = 2000;
/** A meet lasts at most this many hours. */
export const MEET_MAX_HOURS = 24;
/** A meet is planned at most this many days ahead. */
export const MEET_MAX_DAYS_AHEAD = 365;
/** "Near" a place when no radius is asked for, and what the home page's card looks within. */
export const MEET_RADIUS_KM = 25;

export const MEET_UNKNOWN_PLACE = 'Choose a place from the list';
export const MEET_END_BEFORE_START = 'The meet must end after it starts';
export const MEET_TOO_LONG = `A meet lasts at most ${MEET_MAX_HOURS} hours`;
export const MEET_IN_PAST = 'Choose a start time that has not passed';
export const MEET_TOO_FAR = `Choose a start within ${MEET_MAX_DAYS_AHEAD} days`;
export const MEET_NOT_FOUND = 'Meet not found';
export const MEET_OVER = 'This meet is over';
export const MEET_BRING_LISTING = 'Choose one of your open listings';
export const MEET_BRING_PORTIONS = 'Choose how many portions you will bring';
export const MEET_BRING_TOO_MANY = 'This listing has fewer portions left';
export const MEET_NEAR_REQUIRED = 'Choose a place';

/** A date and time the browser's date-time box or an ISO string gives. */
const when = (message: string) =>
  z
    .string(message)
    .min(1, message)
    .max(40, message)
    .refine((v) => !Number.isNaN(Date.parse(v)), message);

/** POST /api/meets: what, where (a gazetteer place), when, and what to know. */
export const createMeetSchema = z
  .object({
    title: singleLineText()
      .transform((v) => v.trim())
      .pipe(
        z
          .string()
          .min(1, 'Title is required')
          .max(MEET_TITLE_MAX_LENGTH, `Title must be at most ${MEET_TITLE_MAX_LENGTH} characters`),
      ),
    place: singleLineText()
      .transform((v) => v.trim())
      .pipe(
        z
          .string()
          .min(1, MEET_UNKNOWN_PLACE)
          .max(PLACE_NAME_MAX_LENGTH, `Place must be at most ${PLACE_NAME_MAX_LENGTH} characters`),
      ),
    startsAt: when('Choose when the meet starts'),
    endsAt: when('Choose when the meet ends'),
    description: multiLineText()
      .transform((v) => v.trim())
      .pipe(
        z
          .string()
          .max(
            MEET_DESCRIPTION_MAX_LENGTH,
            `Description must be at most ${MEET_DESCRIPTION_MAX_LENGTH} characters`,
          ),
      )
      .default(''),
  })
  .superRefine((meet, ctx) => {
    const start = Date.parse(meet.startsAt);
    const end = Date.parse(meet.endsAt);
    if (Number.isNaN(start) || Number.isNaN(end)) return;
    if (end <= start)
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: MEET_END_BEFORE_START });
    else if (end - start > MEET_MAX_HOURS * HOUR_MS) {
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: MEET_TOO_LONG });
    }
  });
export type CreateMeetInput = z.input<typeof createMeetSchema>;
export type CreateMeet = z.output<typeof createMeetSchema>;

/** The create form's fields in screen order: focus goes to the first invalid. */
export const MEET_FORM_FIELDS = [
  'title',
  'place',
  'startsAt',
  'endsAt',
  'description',
] as const satisfies readonly (keyof CreateMeetInput)[];

/** The meet's start is not past and not too far ahead, by `now` (the server's clock). */
export function meetStartProblem(startsAt: string, now: number): string | undefined {
  const start = Date.parse(startsAt);
  if (start < now) return MEET_IN_PAST;
  if (start > now + MEET_MAX_DAYS_AHEAD * DAY_MS) return MEET_TOO_FAR;
  return undefined;
}

/** GET /api/meets?near=<place>&radiusKm= — meets not yet over near a place, soonest first. */
export const meetsQuerySchema = z.object({
  near: singleLineText()
    .max(PLACE_NAME_MAX_LENGTH, `Place must be at most ${PLACE_NAME_MAX_LENGTH} characters`)
    .optional(),
  radiusKm: z.coerce
    .number('Radius must be a number')
    .positive('Radius must be more than 0')
    .max(MAX_RADIUS_KM, `Radius must be at most ${MAX_RADIUS_KM} km`)
    .default(MEET_RADIUS_KM),
});
export type MeetsQuery = z.output<typeof meetsQuerySchema>;

export const meetSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  place: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  /** From the place asked about, along the surface. */
  distanceKm: z.number(),
  hostName: z.string(),
  coming: z.number().int(),
  portions: z.number().int(),
});
export type MeetSummary = z.infer<typeof meetSummarySchema>;
export const meetListSchema = z.array(meetSummarySchema);

export const broughtListingSchema = z.object({
  starterId: z.number().int(),
  title: z.string(),
  portions: z.number().int(),
  giverName: z.string(),
  mine: z.boolean(),
});
export type BroughtListing = z.infer<typeof broughtListingSchema>;

/** What a meet reached: set once it has started, final once it is over. */
export const meetReachSchema = z.object({
  /** Members who received a brought listing's portion during the meet. */
  kitchens: z.number().int(),
  /** The families (lineage roots) those portions belong to, by their first culture. */
  families: z.array(z.object({ starterId: z.number().int(), title: z.string() })),
});
export type MeetReach = z.infer<typeof meetReachSchema>;

/** GET /api/meets/:id */
export const meetSchema = meetSummarySchema.omit({ distanceKm: true }).extend({
  description: z.string(),
  mine: z.boolean(),
  comingByMe: z.boolean(),
  over: z.boolean(),
  brought: z.array(broughtListingSchema),
  reach: meetReachSchema.nullable(),
});
export type Meet = z.infer<typeof meetSchema>;

/** POST /api/meets/:id/bring: one of the giver's open listings and how many portions. */
export const bringSchema = z.object({
  starterId: idField(MEET_BRING_LISTING),
  portions: z.coerce
    .number(MEET_BRING_PORTIONS)
    .int(MEET_BRING_PORTIONS)
    .min(1, MEET_BRING_PORTIONS)
    .max(1000, MEET_BRING_TOO_MANY),
});
export type Bring = z.output<typeof bringSchema>;
/** POST /api/meets/:id/bring → 200: what the giver now brings of that listing. */
export const broughtSchema = z.object({ starterId: z.number().int(), portions: z.number().int() });
export type BringInput = z.input<typeof bringSchema>;

/** PUT and DELETE /api/meets/:id/coming: whether the member is coming, and how many are. */
export const comingSchema = z.object({ comingByMe: z.boolean(), coming: z.number().int() });
export type Coming = z.infer<typeof comingSchema>;
