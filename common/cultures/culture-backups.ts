import { z } from 'zod';
import { DAY_MS } from '../site/time';

/**
 * A backup when a culture dies (decision 161): what happened to a culture a member received,
 * and the nearest members of its family who could give a portion again — open listings first,
 * then backup keepers ("I keep a fridge copy of this family").
 */

/** What happened, for the care card's troubleshooting. The order is the form's. */
export const DIED_REASONS = [
  'mould',
  'starved',
  'forgotten',
  'too-hot',
  'too-cold',
  'other',
] as const;
export type DiedReason = (typeof DIED_REASONS)[number];

export const DIED_REASON_INVALID = 'Choose what happened to it';
export const NOT_A_CULTURE_YOU_RECEIVED = 'You can only say that of a culture you received here';
export const NOT_OF_THIS_FAMILY = 'You can keep a backup only of a family you hold a culture of';
export const NOT_A_KEEPER = 'That member does not keep a backup of this family';
/** A keeper who is away (decision 160) is not asked meanwhile; `{until}` is the day they are back. */
export const KEEPER_AWAY = 'This member is away until {until}: ask them once they are back.';
export const KEEPER_ASKED_THIS_WEEK =
  'Someone asked this keeper in the last week already. Please ask another member or try again later.';
export const KEEPER_ASK_NOT_FOUND = 'Ask not found';
/** A keeper is asked at most once in this long, by anyone. */
export const KEEPER_ASK_INTERVAL_MS = 7 * DAY_MS;
/** Holders answered at most. */
export const HOLDERS_MAX = 20;

export const diedSchema = z.object({
  reason: z.enum(DIED_REASONS, DIED_REASON_INVALID),
});

export const holderSchema = z.object({
  /** By the one display-name rule (common/members/display.ts). */
  memberName: z.string(),
  /** Their member id: where "Ask" sends the conversation. */
  memberId: z.string(),
  place: z.string().nullable(),
  /** From the asking member's place; null when either place is unknown. */
  distanceKm: z.number().nullable(),
  /** Their open listing of the family; absent for a backup keeper. */
  starterId: z.number().int().optional(),
  keeper: z.boolean(),
});
export type Holder = z.infer<typeof holderSchema>;

export const diedAnswerSchema = z.object({ holders: z.array(holderSchema) });
export type DiedAnswer = z.infer<typeof diedAnswerSchema>;

export const askKeeperSchema = z.object({ memberId: z.string().trim().min(1).max(100) });

export const keeperAskedSchema = z.object({
  /** The keeper's own listing of the family to talk about, when they have one. */
  starterId: z.number().int().nullable(),
});

export const keeperStateSchema = z.object({ keeper: z.boolean() });

/** The family's backup keepers, as the family tree shows them. */
export const familyKeepersSchema = z.object({
  keepers: z.array(z.object({ memberName: z.string(), place: z.string().nullable() })),
  /** Whether the asking member holds a culture of the family (may offer to keep one). */
  mayKeep: z.boolean(),
  /** Whether the asking member keeps one. */
  keeping: z.boolean(),
  /**
   * Asks for a portion of the family made of the asking member as a keeper in the last week,
   * not yet said no to: each may be declined with one tap, no reason asked (decision 173).
   */
  asksToMe: z.array(z.object({ id: z.number().int(), askerName: z.string() })),
});
export type FamilyKeepers = z.infer<typeof familyKeepersSchema>;
