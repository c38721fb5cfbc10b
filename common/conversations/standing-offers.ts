import { z } from 'zod';
import { publicUserSchema } from '../members/users';

/**
 * Standing offers (decision 029): a giver with a steady surplus offers a batch every few days;
 * members wait in a line instead of racing to message, and each round the site offers the
 * batch to those who waited longest (or by lottery).
 */

export const STANDING_MODES = ['longest_waiting', 'lottery'] as const;
export type StandingMode = (typeof STANDING_MODES)[number];

export const BATCH_MIN = 1;
export const BATCH_MAX = 10;
export const CADENCE_DAYS_MIN = 1;
export const CADENCE_DAYS_MAX = 60;
export const ANSWER_HOURS_MIN = 1;
export const ANSWER_HOURS_MAX = 168;
/** 0: no limit; otherwise one portion per member per this many weeks. */
export const LIMIT_WEEKS_MIN = 0;
export const LIMIT_WEEKS_MAX = 52;
/** Offers left unanswered this many times in a row take a member off the line. */
export const MISSED_TURNS_MAX = 2;

export const BATCH_MESSAGE = `Offer between ${BATCH_MIN} and ${BATCH_MAX} portions per round`;
export const CADENCE_MESSAGE = `Choose between ${CADENCE_DAYS_MIN} and ${CADENCE_DAYS_MAX} days`;
export const ANSWER_MESSAGE = `Choose between ${ANSWER_HOURS_MIN} and ${ANSWER_HOURS_MAX} hours`;
export const LIMIT_MESSAGE = `Choose between ${LIMIT_WEEKS_MIN} and ${LIMIT_WEEKS_MAX} weeks`;
export const MODE_MESSAGE = 'Choose who gets each round';

const whole = (min: number, max: number, message: string) =>
  z.coerce.number(message).int(message).min(min, message).max(max, message);

/** POST /api/starters/:id/standing-offer (the owner; creates or changes it) → 200 view. */
export const standingOfferSettingsSchema = z.object({
  batchSize: whole(BATCH_MIN, BATCH_MAX, BATCH_MESSAGE),
  cadenceDays: whole(CADENCE_DAYS_MIN, CADENCE_DAYS_MAX, CADENCE_MESSAGE),
  answerHours: whole(ANSWER_HOURS_MIN, ANSWER_HOURS_MAX, ANSWER_MESSAGE),
  limitWeeks: whole(LIMIT_WEEKS_MIN, LIMIT_WEEKS_MAX, LIMIT_MESSAGE),
  mode: z.enum(STANDING_MODES, MODE_MESSAGE),
});
export type StandingOfferSettingsInput = z.input<typeof standingOfferSettingsSchema>;
export type StandingOfferSettings = z.output<typeof standingOfferSettingsSchema>;

export const STANDING_OFFER_DEFAULTS: StandingOfferSettings = {
  batchSize: 2,
  cadenceDays: 7,
  answerHours: 48,
  limitWeeks: 4,
  mode: 'longest_waiting',
};

export const OFFER_STATUSES = ['pending', 'accepted', 'declined', 'expired', 'withdrawn'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

/** One portion offered to one member in one round. */
export const memberOfferSchema = z.object({
  id: z.number().int(),
  round: z.number().int(),
  status: z.enum(OFFER_STATUSES),
  offeredAt: z.string(),
  /** After this the offer passes to the next in line. */
  answerBy: z.string(),
  answeredAt: z.string().nullable(),
});
export type MemberOffer = z.infer<typeof memberOfferSchema>;

/** What the giver sees of each recent offer. */
export const givenOfferSchema = memberOfferSchema.extend({ member: publicUserSchema });
export type GivenOffer = z.infer<typeof givenOfferSchema>;

/**
 * GET /api/starters/:id/standing-offer (anyone who may see the starter) → the offer's
 * settings, the queue's length, and for a signed-in member their place and pending offer;
 * for the giver, the recent offers. `offer: null` when the starter has none.
 */
export const standingOfferViewSchema = z.object({
  starterId: z.number().int(),
  isGiver: z.boolean(),
  offer: standingOfferSettingsSchema
    .extend({
      paused: z.boolean(),
      /** How many rounds have run. */
      round: z.number().int(),
      nextRoundAt: z.string(),
      lastRoundAt: z.string().nullable(),
    })
    .nullable(),
  /** Members waiting (those with an offer open included). */
  queueLength: z.number().int(),
  /** The signed-in member's own state (null for visitors and for the giver). */
  me: z
    .object({
      /** 1 for the first in line; null when not waiting. */
      place: z.number().int().nullable(),
      joinedAt: z.string().nullable(),
      /** Within the per-member limit: no offer before this. */
      eligibleFrom: z.string().nullable(),
      pendingOffer: memberOfferSchema.nullable(),
      /**
       * After Accept: the portion reserved for them while it waits for the hand-over, with
       * the giver to arrange it with (null otherwise).
       */
      reserved: z
        .object({ reservationId: z.number().int(), giverId: z.string(), acceptedAt: z.string() })
        .nullable(),
      /** Why they cannot join, if they cannot (blocked, their own, …). */
      cannotJoin: z.string().nullable(),
    })
    .nullable(),
  /** The giver's view of recent offers, newest first (null for others). */
  offers: z.array(givenOfferSchema).nullable(),
});
export type StandingOfferView = z.infer<typeof standingOfferViewSchema>;

/**
 * GET /api/standing-offers/my-turns → the signed-in member's open offers, oldest first: the
 * site-wide "It's your turn" banner shows each until it is answered or runs out.
 */
export const yourTurnSchema = z.object({
  offerId: z.number().int(),
  starterId: z.number().int(),
  title: z.string(),
  answerBy: z.string(),
});
export type YourTurn = z.infer<typeof yourTurnSchema>;
export const yourTurnsSchema = z.array(yourTurnSchema);

/** POST /api/standing-offers/offers/:offerId/accept → 201 `{reservationId}`. */
export const acceptedOfferSchema = z.object({ reservationId: z.number().int() });
export type AcceptedOffer = z.infer<typeof acceptedOfferSchema>;

/**
 * GET /api/me/standing-offers: the standing offers the member runs on their listings, and the
 * turns offered to them that wait for an answer (the landing page lists both, decision 046).
 */
export const myStandingOffersSchema = z.object({
  giving: z.array(
    z.object({
      starterId: z.number().int(),
      title: z.string(),
      paused: z.boolean(),
      nextRoundAt: z.string(),
      /** Members in line now. */
      waiting: z.number().int(),
    }),
  ),
  offeredToMe: yourTurnsSchema,
});
export type MyStandingOffers = z.infer<typeof myStandingOffersSchema>;
