import { z } from 'zod';
import { idParam } from '../site/ids';
import { MESSAGE_MAX_LENGTH } from '../site/constants';
import { singleLineText } from '../site/text';

/**
 * Screening of messages and new listings (decision 073): rules a moderator can read and change.
 * Each built-in rule has fixed patterns in the server; moderators choose what it does and may
 * add words of their own.
 */
export const BUILT_IN_RULE_CODES = [
  'money',
  'delivery',
  'link',
  'contact',
  'off_site',
  'health',
] as const;
export type BuiltInRuleCode = (typeof BUILT_IN_RULE_CODES)[number];
/** Words moderators add all warn or hold under this one code. */
export const SCREENING_CODES = [...BUILT_IN_RULE_CODES, 'word'] as const;
export type ScreeningCode = (typeof SCREENING_CODES)[number];

/** hold: not delivered until a moderator releases it; warn: delivered with a banner. */
export const SCREENING_ACTIONS = ['hold', 'warn', 'off'] as const;
export type ScreeningAction = (typeof SCREENING_ACTIONS)[number];

/** What the receiver reads above a warned message, one line per rule that fired. */
export const WARNING_TEXTS: Record<ScreeningCode, string> = {
  money: 'This message mentions payment. CultureShare gifts are always free.',
  delivery:
    'This message mentions a courier or paid delivery. Gifts here are collected or posted by the giver, never paid for.',
  link: 'This message links to another site. Open links only from people you trust.',
  contact:
    'This message shares an email address or phone number. You can keep talking here until you are ready.',
  off_site:
    'This message asks to move to another app. Conversations on CultureShare stay safer and can be reported.',
  health: 'This message makes a health claim. Cultures are food, not medicine.',
  word: 'This message uses words our moderators watch for. Take care before sharing details.',
};

export const SCREENING_PATTERN_MAX_LENGTH = 300;

/**
 * A word list or an exception as moderators write it: phrases separated by `|`, `*` for any
 * letters ("crypto*|western union"). No other syntax, so a pattern can never be slow or broken.
 */
export const screeningPatternSchema = singleLineText()
  .trim()
  .max(SCREENING_PATTERN_MAX_LENGTH, `At most ${SCREENING_PATTERN_MAX_LENGTH} characters`)
  .refine((v) => /^[\p{L}\p{N}\s|*'’.\-@/:&!?]*$/u.test(v), {
    message: 'Use letters, digits, spaces, | between phrases and * for any letters',
  });

/** A rule as moderators read it (GET /api/moderation/screening). */
export const screeningRuleSchema = z.object({
  id: z.number().int().nullable(),
  code: z.enum(SCREENING_CODES),
  /** For moderators' words: the phrases. Null for built-in rules. */
  words: z.string().nullable(),
  exception: z.string().nullable(),
  action: z.enum(SCREENING_ACTIONS),
  /** For a member's first messages and accounts younger than a day. */
  strictAction: z.enum(SCREENING_ACTIONS),
  updatedAt: z.string().nullable(),
});
export type ScreeningRule = z.infer<typeof screeningRuleSchema>;

/** How the rules do on the corpus in the repository (recomputed whenever they change). */
export const corpusFiguresSchema = z.object({
  scams: z.number().int(),
  scamsCaught: z.number().int(),
  ordinary: z.number().int(),
  ordinaryHeld: z.number().int(),
  ordinaryWarned: z.number().int(),
});
export type CorpusFigures = z.infer<typeof corpusFiguresSchema>;

export const screeningSettingsSchema = z.object({
  rules: z.array(screeningRuleSchema),
  figures: corpusFiguresSchema,
});
export type ScreeningSettings = z.infer<typeof screeningSettingsSchema>;

/** PUT /api/moderation/screening/rules/:code — a built-in rule's actions and exception. */
export const updateBuiltInRuleSchema = z.object({
  action: z.enum(SCREENING_ACTIONS),
  strictAction: z.enum(SCREENING_ACTIONS),
  exception: screeningPatternSchema.nullable().optional(),
});
export type UpdateBuiltInRuleInput = z.input<typeof updateBuiltInRuleSchema>;

/** POST /api/moderation/screening/words, PUT …/words/:id */
export const screeningWordSchema = z.object({
  words: screeningPatternSchema.refine((v) => v.replace(/[|*\s]/g, '').length >= 2, {
    message: 'Please enter a word or phrase',
  }),
  exception: screeningPatternSchema.nullable().optional(),
  action: z.enum(['hold', 'warn']),
  strictAction: z.enum(['hold', 'warn']),
});
export type ScreeningWordInput = z.input<typeof screeningWordSchema>;

export const builtInRuleParamsSchema = z.object({ code: z.enum(BUILT_IN_RULE_CODES) });
export const screeningWordParamsSchema = z.object({ id: idParam('word') });

/** POST /api/moderation/screening/try: what the rules would do with a text. */
export const tryScreeningSchema = z.object({
  text: z.string().max(MESSAGE_MAX_LENGTH * 4),
  strict: z.boolean().default(false),
});
export const screeningResultSchema = z.object({
  action: z.enum(['hold', 'warn', 'pass']),
  codes: z.array(z.enum(SCREENING_CODES)),
});
export type ScreeningResult = z.infer<typeof screeningResultSchema>;

// ---------------------------------------------------------------- held messages

export const HELD_DECISIONS = ['release', 'reject'] as const;
export type HeldDecision = (typeof HELD_DECISIONS)[number];

/** POST /api/moderation/held/:id; a rejection may also suspend the sender. */
export const heldDecisionSchema = z
  .object({
    decision: z.enum(HELD_DECISIONS),
    suspendDays: z.coerce.number().int().min(1).max(365).optional(),
  })
  .refine((v) => v.decision === 'reject' || v.suspendDays === undefined, {
    path: ['suspendDays'],
    message: 'Only a rejection can suspend the sender',
  });
export type HeldDecisionInput = z.input<typeof heldDecisionSchema>;

export const heldIdParamsSchema = z.object({ id: idParam('held message') });

/**
 * How long a moderator's Release or Reject of a held message may be undone. The decision takes
 * effect (delivered, or the sender told) only once this has passed, by the server's clock.
 */
export const HELD_UNDO_MS = 60_000;

/** The answer to a decision, and to undoing one ('held' again). */
export const heldDecidedSchema = z.object({
  id: z.number().int(),
  status: z.enum(['held', 'released', 'rejected']),
  /** Until when POST /api/moderation/held/:id/undo takes the decision back; null once it can't. */
  undoUntil: z.string().nullable(),
});
export type HeldDecided = z.infer<typeof heldDecidedSchema>;

/** What waits for moderators in one queue: how many, and since when the oldest. */
const waitingQueueSchema = z.object({
  count: z.number().int(),
  oldestAt: z.string().nullable(),
});

/** GET /api/moderation/waiting: the counts on the Held and Reports tabs. */
export const moderationWaitingSchema = z.object({
  /** Held messages and held listings. */
  held: waitingQueueSchema,
  /** Pending reports. */
  reports: waitingQueueSchema,
});
export type ModerationWaiting = z.infer<typeof moderationWaitingSchema>;

const heldPersonSchema = z.object({
  id: z.string(),
  username: z.string().nullable(),
  firstName: z.string().nullable(),
});

/** A held message in the moderators' Held tab: the rule, the talk around it, who sent it. */
export const heldMessageSchema = z.object({
  id: z.number().int(),
  kind: z.literal('message'),
  content: z.string(),
  codes: z.array(z.enum(SCREENING_CODES)),
  strict: z.boolean(),
  createdAt: z.string(),
  starter: z.object({ id: z.number().int(), title: z.string() }),
  sender: heldPersonSchema.extend({
    joinedAt: z.string(),
    messagesSent: z.number().int(),
    heldBefore: z.number().int(),
    rejectedBefore: z.number().int(),
    sanctionsBefore: z.number().int(),
  }),
  receiver: heldPersonSchema,
  /** The last messages of the conversation before this one, oldest first. */
  context: z.array(z.object({ senderId: z.string(), content: z.string(), createdAt: z.string() })),
});
export type HeldMessage = z.infer<typeof heldMessageSchema>;

/** A new listing held by the rules: not shown to anyone but its owner until released. */
export const heldStarterSchema = z.object({
  id: z.number().int(),
  kind: z.literal('starter'),
  title: z.string(),
  description: z.string(),
  codes: z.array(z.enum(SCREENING_CODES)),
  createdAt: z.string(),
  owner: heldPersonSchema.extend({ joinedAt: z.string() }),
});
export type HeldStarter = z.infer<typeof heldStarterSchema>;

export const heldStarterDecisionSchema = z.object({ decision: z.enum(HELD_DECISIONS) });

// ---------------------------------------------------------------- signs

export const SIGN_CODES = [
  'joined_today',
  'far_away',
  'rarely_replies',
  'negative_feedback',
  'already_reserved',
] as const;
export type SignCode = (typeof SIGN_CODES)[number];

/**
 * GET /api/messages/starter/:starterId/signs — facts for the receiver of a first message.
 * `text` is the sign in English kilometres; the page words it from `code` and its facts, in the
 * reader's language and units.
 */
export const conversationSignSchema = z.object({
  code: z.enum(SIGN_CODES),
  text: z.string(),
  /** far_away: whole kilometres between the sender's place and the starter's. */
  km: z.number().int().optional(),
  /** negative_feedback: how many thumbs-down. */
  count: z.number().int().optional(),
});
export type ConversationSign = z.infer<typeof conversationSignSchema>;
export const conversationSignsSchema = z.object({ signs: z.array(conversationSignSchema) });
