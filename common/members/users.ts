import { z } from 'zod';
import { LANGUAGES } from '../i18n/languages';
import { MAIL_KINDS } from '../notifications/notification-kinds';
import { trustLevels } from './trust';
import { stewardAreaSchema } from '../moderation/stewards';

/** GET /api/auth/user — the current-user shape of spec §3 (never a password or hash). */
export const currentUserSchema = z.object({
  id: z.string(),
  username: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  location: z.string().nullable(),
  /**
   * The gazetteer's name for `location` when it names a known place ("Portland, Oregon, United
   * States"): browse measures distances from it unless another place is chosen.
   */
  place: z.string().nullable().optional(),
  contactInfo: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  isModerator: z.boolean(),
  /** Whether the member confirmed their address; posting waits for it. */
  emailVerified: z.boolean(),
  /** The member's saved language; null follows the browser's (decision 090). */
  language: z.enum(LANGUAGES).nullable().optional(),
  createdAt: z.string(),
  /** "Away until": set while the member is away (decision 160); absent otherwise. */
  awayUntil: z.string().optional(),
  /** The member's trust level (decision 164): on GET /api/auth/user and the profile's answer. */
  trustLevel: z.enum(trustLevels).optional(),
  /** The areas the member stewards (decision 166); empty for most, absent outside GET. */
  stewardOf: z.array(stewardAreaSchema).optional(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** The owner fields every starter (and conversation) carries — never an email. */
export const publicUserSchema = z.object({
  id: z.string(),
  username: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/** How a member hears of one kind of news by email (decision 054). */
export const mailChoiceValues = ['immediately', 'daily', 'off'] as const;
export type MailChoice = (typeof mailChoiceValues)[number];

/** The kinds of mail a member chooses one by one: declared with the kinds of news (decision 153). */
export {
  MAIL_KINDS,
  DIGEST_KINDS,
  mayDigest,
  type MailKind,
} from '../notifications/notification-kinds';

const MAIL_CHOICE_MESSAGE = 'Choose immediately, daily digest or off';
const choice = z.enum(mailChoiceValues, MAIL_CHOICE_MESSAGE);
const noDigest = z.enum(['immediately', 'off'], 'This kind of email has no daily digest');

/** GET /api/users/mail-settings → one choice per kind; PATCH takes any of them. */
export const mailSettingsSchema = z.object({
  messages: choice,
  reservations: noDigest,
  checkins: noDigest,
  offers: noDigest,
  reminders: noDigest,
  asks: noDigest,
});
export type MailSettings = z.infer<typeof mailSettingsSchema>;
export const mailSettingsPatchSchema = mailSettingsSchema.partial();
export type MailSettingsPatch = z.infer<typeof mailSettingsPatchSchema>;

/**
 * GET /api/mail/unsubscribe/:key/:kind → what the stop link would stop (changes nothing);
 * POST stops it; PUT `{choice}` sets it (undo, or "daily digest instead").
 */
export const mailKindStateSchema = z.object({
  kind: z.enum(MAIL_KINDS),
  choice: choice,
  mayDigest: z.boolean(),
  /** After a change by a mail's link: the link's new key (a used key stops working). */
  key: z.string().optional(),
});
export type MailKindState = z.infer<typeof mailKindStateSchema>;
export const mailKindChoiceSchema = z.object({ choice });

/** The English texts of time away's refusals (decision 160), found in the messages catalogue. */
export const AWAY_DATE_INVALID = "Choose the date you'll be back";
export const AWAY_DATE_PAST = "The date you'll be back must be in the future";
export const AWAY_DATE_TOO_FAR = "The date you'll be back can be at most a year ahead";

/**
 * PUT /api/users/me/away: the day they are back ("2027-01-12", read as that day's start in
 * UTC) or an exact moment. Whether it is ahead, and not too far, the server's clock decides.
 */
export const awaySchema = z.object({
  until: z
    .string({ error: AWAY_DATE_INVALID })
    .regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/, { error: AWAY_DATE_INVALID })
    .refine((v) => !Number.isNaN(Date.parse(v)), { error: AWAY_DATE_INVALID }),
});
export type AwayInput = z.infer<typeof awaySchema>;
export const awayStateSchema = z.object({ awayUntil: z.string() });
