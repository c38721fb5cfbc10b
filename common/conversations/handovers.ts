import { z } from 'zod';
import { blankOrNullToUndefined, multiLineText, singleLineText } from '../site/text';
import { STARTER_STATUSES } from '../listings/starter-status';
import { publicUserSchema } from '../members/users';

// ---------------------------------------------------------------- the listing's hand-over terms

export const PORTIONS_MIN = 1;
export const PORTIONS_MAX = 20;
export const PORTIONS_DEFAULT = 1;
export const AVAILABLE_DAYS_MIN = 7;
export const AVAILABLE_DAYS_MAX = 90;
export const AVAILABLE_DAYS_DEFAULT = 30;
/** Renewals ("Still available") in a row without a hand-over. */
export const RENEWALS_MAX = 5;
/** The site shows a reminder this many days before a listing expires. */
export const EXPIRY_NOTICE_DAYS = 2;
export const BRING_MAX_LENGTH = 120;
export const RELEASE_REASON_MAX_LENGTH = 200;
export const FEEDBACK_NOTE_MAX_LENGTH = 500;
/** Feedback counts in a member's summary for this long. */
export const FEEDBACK_FADES_AFTER_DAYS = 182;
/**
 * A 👎 waits this long before it counts anywhere (summary, signs, any rule reading feedback);
 * until then its giver may withdraw it (decision 168).
 */
export const FEEDBACK_WAIT_HOURS = 48;
/** Below this many ratings a summary says how many there are, never a percentage. */
export const RATINGS_FOR_PERCENT = 3;
/** No-shows and late cancellations show on a member's summary for this long. */
export const RELIABILITY_WINDOW_DAYS = 365;
/** Cancelling a reservation less than this before its pickup time (or after it) is late. */
export const LATE_CANCELLATION_HOURS = 24;

export const TRAVEL_MODES = ['pickup', 'post'] as const;
export type TravelMode = (typeof TRAVEL_MODES)[number];
/** Who covers postage: the giver, or the recipient sends a stamped addressed envelope. */
export const POSTAGE_PAYERS = ['giver', 'recipient'] as const;
export type PostagePayer = (typeof POSTAGE_PAYERS)[number];

export const PORTIONS_MESSAGE = `Portions must be between ${PORTIONS_MIN} and ${PORTIONS_MAX}`;
export const TRAVEL_REQUIRED = 'Choose pickup, post or both';
export const POSTAGE_REQUIRED = 'Say who covers postage';
export const POSTAGE_ONLY_FOR_POST = 'Postage only applies when the starter can travel by post';
export const AVAILABLE_DAYS_MESSAGE = `Choose between ${AVAILABLE_DAYS_MIN} and ${AVAILABLE_DAYS_MAX} days`;
export const BRING_TOO_LONG = `What to bring must be at most ${BRING_MAX_LENGTH} characters`;

const wholeNumber = (min: number, max: number, message: string, fallback: number) =>
  z.preprocess(
    blankOrNullToUndefined,
    z.coerce.number(message).int(message).min(min, message).max(max, message).default(fallback),
  );

/**
 * The hand-over terms of POST /api/starters (multipart: `travel` may repeat) and of the /post
 * form. Merged into `createStarterSchema` in `common/listings/starters.ts`.
 */
export const handoverTermsShape = {
  portions: wholeNumber(PORTIONS_MIN, PORTIONS_MAX, PORTIONS_MESSAGE, PORTIONS_DEFAULT),
  /** One value or several (a repeated multipart field); left out means pickup only. */
  travel: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? ['pickup'] : Array.isArray(v) ? v : [v]),
    z
      .array(z.enum(TRAVEL_MODES, TRAVEL_REQUIRED), TRAVEL_REQUIRED)
      .min(1, TRAVEL_REQUIRED)
      .transform((v) => TRAVEL_MODES.filter((m) => v.includes(m))),
  ),
  postage: z.preprocess(
    blankOrNullToUndefined,
    z.enum(POSTAGE_PAYERS, POSTAGE_REQUIRED).nullable().optional(),
  ),
  bring: z.preprocess(
    blankOrNullToUndefined,
    singleLineText()
      .transform((v) => v.trim())
      .pipe(z.string().max(BRING_MAX_LENGTH, BRING_TOO_LONG))
      .optional(),
  ),
  availableDays: wholeNumber(
    AVAILABLE_DAYS_MIN,
    AVAILABLE_DAYS_MAX,
    AVAILABLE_DAYS_MESSAGE,
    AVAILABLE_DAYS_DEFAULT,
  ),
};

/** Postage is asked for exactly when the starter can travel by post. */
export function checkPostage(
  value: { travel: readonly TravelMode[]; postage?: PostagePayer | null },
  ctx: z.RefinementCtx,
) {
  const byPost = value.travel.includes('post');
  if (byPost && !value.postage) {
    ctx.addIssue({ code: 'custom', path: ['postage'], message: POSTAGE_REQUIRED });
  }
  if (!byPost && value.postage) {
    ctx.addIssue({ code: 'custom', path: ['postage'], message: POSTAGE_ONLY_FOR_POST });
  }
}

/** POST /api/starters/:id/renew: `{}` or `{availableDays}`; may be sent with no body at all. */
export const renewStarterSchema = z.preprocess(
  (v) => v ?? {},
  z.object({
    availableDays: z.coerce
      .number(AVAILABLE_DAYS_MESSAGE)
      .int(AVAILABLE_DAYS_MESSAGE)
      .min(AVAILABLE_DAYS_MIN, AVAILABLE_DAYS_MESSAGE)
      .max(AVAILABLE_DAYS_MAX, AVAILABLE_DAYS_MESSAGE)
      .default(AVAILABLE_DAYS_DEFAULT),
  }),
);

/** POST /api/starters/:id/portions — "my grains grew": more portions on an open listing. */
export const addPortionsSchema = z.object({
  add: z.coerce
    .number(PORTIONS_MESSAGE)
    .int(PORTIONS_MESSAGE)
    .min(1, PORTIONS_MESSAGE)
    .max(PORTIONS_MAX, PORTIONS_MESSAGE),
});
export type AddPortionsInput = z.input<typeof addPortionsSchema>;

// ---------------------------------------------------------------- reservations

/**
 * A pickup (or posting) time as the neighbours' own wall clock, as `<input type=datetime-local>`
 * gives it: `2026-11-28T10:00`. An offset, if sent, is ignored: both sides live in the same
 * place and "Saturday 10:00" means the same to them (decision 020).
 */
export const wallClockSchema = z
  .string()
  .regex(
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/,
    'Choose a date and time',
  )
  .transform((v) => v.slice(0, 16))
  .refine((v) => !Number.isNaN(Date.parse(`${v}:00Z`)), 'Choose a date and time');

/** POST /api/starters/:id/reservations (the owner, from a conversation) → 201 `{id}`. */
export const createReservationSchema = z.object({
  memberId: singleLineText({ error: 'Choose a member' }).trim().min(1, 'Choose a member').max(100),
  at: z.preprocess(blankOrNullToUndefined, wallClockSchema.nullable().optional()),
});
export type CreateReservationInput = z.input<typeof createReservationSchema>;

/**
 * DELETE /api/reservations/:id → 204. The owner releases it (a short reason is kept and shown
 * in the thread); the member it was for backs out (counted in their summary for 90 days).
 * The body may be left out.
 */
export const releaseReservationSchema = z.preprocess(
  (v) => v ?? {},
  z.object({
    reason: z.preprocess(
      blankOrNullToUndefined,
      singleLineText()
        .trim()
        .max(
          RELEASE_REASON_MAX_LENGTH,
          `Reason must be at most ${RELEASE_REASON_MAX_LENGTH} characters`,
        )
        .optional(),
    ),
  }),
);
export type ReleaseReservationInput = z.input<typeof releaseReservationSchema>;

/** A release or back-out reason that the screening rules would hold (it reaches the other side). */
export const REASON_SCREENED = 'Leave contact details, payments and links out of the reason';

/** A feedback note that the screening rules would hold (it reaches the member it is about). */
export const NOTE_SCREENED = 'Leave contact details, payments and links out of the note';

export const RESERVATION_STATUSES = ['active', 'released', 'backed_out', 'given'] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];

export const reservationSchema = z.object({
  id: z.number().int(),
  starterId: z.number().int(),
  member: publicUserSchema,
  /** Wall-clock pickup or posting time (`2026-11-28T10:00`), or null when none was set. */
  at: z.string().nullable(),
  status: z.enum(RESERVATION_STATUSES),
  createdAt: z.string(),
});
export type Reservation = z.infer<typeof reservationSchema>;

/** What a create call answers: 201 `{id}`. */
export const createdSchema = z.object({ id: z.number().int() });

// ---------------------------------------------------------------- hand-overs

// ---------------------------------------------------------------- the giver's health check

/** What the giver can tick when they hand a culture over, in the order shown. */
export const HEALTH_CHECKS = [
  { key: 'noMould' },
  { key: 'noPinkFilm' },
  { key: 'smellsRight' },
] as const;
export type HealthCheckKey = (typeof HEALTH_CHECKS)[number]['key'];
export const HEALTH_CHECK_INVALID =
  'The health check is noMould, noPinkFilm and smellsRight, each true or false';

/** As a hand-over carries it: null when the giver ticked nothing. */
export const healthCheckSchema = z.object({
  noMould: z.boolean(),
  noPinkFilm: z.boolean(),
  smellsRight: z.boolean(),
});
export type HealthCheck = z.infer<typeof healthCheckSchema>;

/**
 * POST /api/starters/:id/handovers (the owner) → 201 `{id}`. `memberId` null: given to someone
 * not on CultureShare. A member's reservation, if any, becomes this hand-over.
 */
export const createHandoverSchema = z.object({
  memberId: singleLineText().trim().min(1, 'Choose a member').max(100).nullable(),
  /** The giver's health check, optional: only what they ticked (decision 030). */
  healthCheck: z
    .strictObject(
      {
        noMould: z.boolean(HEALTH_CHECK_INVALID).optional(),
        noPinkFilm: z.boolean(HEALTH_CHECK_INVALID).optional(),
        smellsRight: z.boolean(HEALTH_CHECK_INVALID).optional(),
      },
      HEALTH_CHECK_INVALID,
    )
    .optional(),
});
export type CreateHandoverInput = z.input<typeof createHandoverSchema>;

/** POST /api/handovers/:id/confirm (the recipient only): "Received" or "It didn't happen". */
export const confirmHandoverSchema = z.object({ received: z.boolean('Say whether it arrived') });
export type ConfirmHandoverInput = z.input<typeof confirmHandoverSchema>;

/** given: waiting for the recipient; received / not_received: they answered. */
export const HANDOVER_STATUSES = ['given', 'received', 'not_received'] as const;
export type HandoverStatus = (typeof HANDOVER_STATUSES)[number];

export const FEEDBACK_RATINGS = ['up', 'down'] as const;
export type FeedbackRating = (typeof FEEDBACK_RATINGS)[number];
export const FEEDBACK_REASONS = ['no-show', 'late', 'rude', 'unhealthy', 'other'] as const;
export type FeedbackReason = (typeof FEEDBACK_REASONS)[number];
export const FEEDBACK_REASON_REQUIRED = 'Please choose what went wrong';

/** POST /api/handovers/:id/feedback → 201 `{id}`; once per side, after "Received". */
export const feedbackSchema = z
  .object({
    rating: z.enum(FEEDBACK_RATINGS, 'Choose 👍 or 👎'),
    reason: z.preprocess(
      blankOrNullToUndefined,
      z.enum(FEEDBACK_REASONS, FEEDBACK_REASON_REQUIRED).optional(),
    ),
    note: z.preprocess(
      blankOrNullToUndefined,
      multiLineText()
        .trim()
        .max(
          FEEDBACK_NOTE_MAX_LENGTH,
          `Note must be at most ${FEEDBACK_NOTE_MAX_LENGTH} characters`,
        )
        .optional(),
    ),
  })
  .superRefine((value, ctx) => {
    if (value.rating === 'down' && !value.reason) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: FEEDBACK_REASON_REQUIRED });
    }
  });
export type FeedbackInput = z.input<typeof feedbackSchema>;

export const FEEDBACK_NOT_WITHDRAWABLE = `Only a 👎 can be withdrawn, within ${FEEDBACK_WAIT_HOURS} hours of leaving it`;
export const FEEDBACK_NOT_FOUND = 'You have left no feedback on this hand-over';

/**
 * The share of 👍 among a member's counted ratings, in whole percent, or null below
 * RATINGS_FOR_PERCENT ratings (then only their number is shown).
 */
export function positiveShare(summary: { thumbsUp: number; thumbsDown: number }): {
  ratings: number;
  percent: number | null;
} {
  const ratings = summary.thumbsUp + summary.thumbsDown;
  return {
    ratings,
    percent: ratings >= RATINGS_FOR_PERCENT ? Math.round((summary.thumbsUp / ratings) * 100) : null,
  };
}

export const handoverSchema = z.object({
  id: z.number().int(),
  starterId: z.number().int(),
  giver: publicUserSchema,
  /** Null: given to someone not on CultureShare. */
  recipient: publicUserSchema.nullable(),
  status: z.enum(HANDOVER_STATUSES),
  /** The pickup time of the reservation it came from, if any. */
  at: z.string().nullable(),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
  /** What the giver ticked when handing it over, or null when they ticked nothing. */
  healthCheck: healthCheckSchema.nullable(),
  /** Whether the asker may still leave feedback on it, and what they left. */
  canLeaveFeedback: z.boolean(),
  myFeedback: z.enum(FEEDBACK_RATINGS).nullable(),
  /** Until when the viewer may still withdraw their 👎 on it (it counts from then); else null. */
  myFeedbackWithdrawableUntil: z.string().nullable(),
});
export type Handover = z.infer<typeof handoverSchema>;

// ---------------------------------------------------------------- a member's public summary

/** GET /api/users/:id/summary — never an email or contact info; 404 for a hidden member. */
/** Answered conversations needed before a reply time is shown. */
export const REPLY_HOURS_MIN_CONVERSATIONS = 3;
/** The latest conversations others opened with a member that their reply time is taken from. */
export const REPLY_HOURS_RECENT = 20;

export const userSummarySchema = z.object({
  /** Hand-overs to members that the recipient confirmed. */
  given: z.number().int(),
  received: z.number().int(),
  /** Feedback from the last 6 months that counts (a 👎 only once it has waited, decision 168). */
  thumbsUp: z.number().int(),
  thumbsDown: z.number().int(),
  /** Share (0–1) of conversations others opened that this member answered; null: none yet. */
  replyRate: z.number().nullable(),
  /** Median minutes to a first reply; null: none yet. */
  typicalReplyMinutes: z.number().int().nullable(),
  /**
   * Median hours to a first reply over the member's recent conversations that others opened
   * and they answered; null below REPLY_HOURS_MIN_CONVERSATIONS of them (decision 076).
   */
  replyHours: z.number().nullable(),
  /** Hand-overs in the last year whose other member said this one did not show up. */
  noShows365d: z.number().int(),
  /**
   * Reservations in the last year this member cancelled less than LATE_CANCELLATION_HOURS
   * before the pickup time or after it: as the member backing out, or as the owner releasing.
   */
  lateCancellations365d: z.number().int(),
  /** Other members their cultures reached through the family trees (decision 031). */
  kitchensReached: z.number().int(),
});
export type UserSummary = z.infer<typeof userSummarySchema>;

// ---------------------------------------------------------------- My Starters and My Hand-overs

/** Someone who wrote about one of my starters, and where they stand. */
export const askerSchema = z.object({
  user: publicUserSchema,
  firstAskedAt: z.string(),
  reservation: reservationSchema.nullable(),
  handover: handoverSchema.nullable(),
});
export type Asker = z.infer<typeof askerSchema>;

/** GET /api/me/starter-activity item: one of my listings (not deleted) with who asked. */
export const starterActivitySchema = z.object({
  starterId: z.number().int(),
  status: z.enum(STARTER_STATUSES),
  portions: z.number().int(),
  portionsLeft: z.number().int(),
  portionsReserved: z.number().int(),
  portionsGiven: z.number().int(),
  availableUntil: z.string(),
  /** "Still available" presses left before a hand-over is needed. */
  renewalsLeft: z.number().int(),
  askers: z.array(askerSchema),
  /** Hand-overs to someone not on CultureShare. */
  offSiteHandovers: z.number().int(),
});
export type StarterActivity = z.infer<typeof starterActivitySchema>;

const starterBriefSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  thumbnailPath: z.string().nullable(),
  owner: publicUserSchema,
});

/** GET /api/me/handovers — what I received, and what is reserved for me with pickup times. */
export const myHandoversSchema = z.object({
  reservedForMe: z.array(reservationSchema.extend({ starter: starterBriefSchema })),
  received: z.array(handoverSchema.extend({ starter: starterBriefSchema })),
  given: z.array(handoverSchema.extend({ starter: starterBriefSchema })),
});
export type MyHandovers = z.infer<typeof myHandoversSchema>;
