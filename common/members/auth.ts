import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../site/constants';
import { RETURN_PATH_MAX_LENGTH, safeNextPath } from '../site/return-path';
import { pages } from '../site/pages';
import { singleLineText } from '../site/text';
import { LANGUAGES } from '../i18n/languages';

export const EMAIL_MAX_LENGTH = 254;
export const NAME_MAX_LENGTH = 80;
export const USERNAME_MAX_LENGTH = 40;
export const LOCATION_MAX_LENGTH = 120;
export const CONTACT_INFO_MAX_LENGTH = 200;

const INVALID_EMAIL = 'Please enter a valid email address';

const email = singleLineText({ error: INVALID_EMAIL })
  .trim()
  .max(EMAIL_MAX_LENGTH, INVALID_EMAIL)
  .pipe(z.email(INVALID_EMAIL));

/** POST /api/auth/login (spec §5 sign-in). Only presence is checked: old passwords stay usable. */
export const signInSchema = z.object({
  email,
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
});
export type SignInInput = z.infer<typeof signInSchema>;

/** A new password: never trimmed or truncated, so what the member typed is what gets hashed. */
export const newPasswordSchema = z
  .string({ error: `Password must be at least ${PASSWORD_MIN_LENGTH} characters` })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

const personName = (message: string) =>
  singleLineText({ error: message })
    .trim()
    .min(1, message)
    .max(NAME_MAX_LENGTH, `Must be at most ${NAME_MAX_LENGTH} characters`);

/** POST /api/auth/signup: the four fields the sign-up form sends (spec §3). */
export const signUpSchema = z.object({
  email,
  password: newPasswordSchema,
  firstName: personName('First name is required'),
  lastName: personName('Last name is required'),
});
export type SignUpInput = z.infer<typeof signUpSchema>;

/** The sign-up form adds a confirmation and the terms box, which are not sent. */
export const signUpFormSchema = signUpSchema
  .extend({
    confirmPassword: z.string(),
    agreeTerms: z.boolean().refine((v) => v, 'You must agree to the terms'),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });
export type SignUpFormInput = z.input<typeof signUpFormSchema>;

/** Optional text: blank means "not set" (stored as null). */
const optionalText = (max: number) =>
  singleLineText()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

/**
 * Characters that show nothing or reorder what follows: controls, format characters (zero-width
 * joiners, bidi overrides such as RLO), unassigned and private-use code points, line and
 * paragraph separators, and Unicode's default-ignorables (variation selectors, the fillers that
 * render as blanks); the braille blank too.
 */
const INVISIBLE_CHARACTER =
  /[\p{Cc}\p{Cf}\p{Cn}\p{Co}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\u2800]/u;

export const USERNAME_INVISIBLE_CHARACTERS =
  'Username cannot contain invisible, control or text-direction characters';

export function hasInvisibleCharacters(text: string): boolean {
  return INVISIBLE_CHARACTER.test(text);
}

/** Drops what `hasInvisibleCharacters` refuses (for names taken from an external provider). */
export function withoutInvisibleCharacters(text: string): string {
  return text.replace(new RegExp(INVISIBLE_CHARACTER.source, 'gu'), '');
}

export const LANGUAGE_INVALID = "Choose one of the site's languages";

/** A member's language: one the site speaks, or null to follow the browser again. */
export const languageChoiceSchema = z.enum(LANGUAGES, LANGUAGE_INVALID).nullable();

/**
 * PATCH /api/users/profile (spec §5 profile). `language` may come alone (the footer's picker),
 * changing nothing else; otherwise the spec's fields are all given, as the profile form sends
 * them, and a missing username is refused as before.
 */
export const profileUpdateSchema = z
  .object({
    username: singleLineText({ error: 'Username is required' })
      // One spelling per look: compatibility forms (fullwidth, ligatures, styled letters) fold.
      .normalize('NFKC')
      .trim()
      .min(1, 'Username is required')
      .max(USERNAME_MAX_LENGTH, `Username must be at most ${USERNAME_MAX_LENGTH} characters`)
      .refine((v) => !hasInvisibleCharacters(v), USERNAME_INVISIBLE_CHARACTERS)
      .optional(),
    location: optionalText(LOCATION_MAX_LENGTH).optional(),
    contactInfo: optionalText(CONTACT_INFO_MAX_LENGTH).optional(),
    language: languageChoiceSchema.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.username === undefined && !isLanguageOnly(v))
      ctx.addIssue({ code: 'custom', path: ['username'], message: 'Username is required' });
  })
  .transform((v) =>
    isLanguageOnly(v)
      ? { language: v.language }
      : {
          username: v.username!,
          location: v.location ?? null,
          contactInfo: v.contactInfo ?? null,
          ...(v.language !== undefined && { language: v.language }),
        },
  );

function isLanguageOnly(v: {
  username?: unknown;
  location?: unknown;
  contactInfo?: unknown;
  language?: unknown;
}) {
  return (
    v.username === undefined &&
    v.location === undefined &&
    v.contactInfo === undefined &&
    v.language !== undefined
  );
}
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;

export const USERNAME_TAKEN = 'That username is already taken';
export const EMAIL_TAKEN = 'An account with this email already exists';
export const INVALID_CREDENTIALS = 'Invalid email or password';

/** A single-use token from a mailed link. */
const mailedToken = z
  .string()
  .trim()
  .min(20, 'This link is incomplete')
  .max(200, 'This link is incomplete');

/** POST /api/auth/confirm-email: the token of a confirmation link. */
export const confirmEmailSchema = z.object({ token: mailedToken });

/** POST /api/auth/confirm-email/details: whose account a confirmation link is for. */
export const confirmationDetailsSchema = z.object({
  name: z.string(),
  email: z.string(),
  /** The link was used (or ran out) and its address is the account's confirmed one. */
  alreadyConfirmed: z.literal(true).optional(),
});
export type ConfirmationDetails = z.infer<typeof confirmationDetailsSchema>;

/** POST /api/auth/password-reset: where to send a reset link. */
export const passwordResetRequestSchema = z.object({ email });
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;

/** POST /api/auth/password-reset/confirm: a reset link's token and the new password. */
export const passwordResetSchema = z.object({ token: mailedToken, password: newPasswordSchema });

/** The reset form adds a confirmation, which is not sent. */
export const passwordResetFormSchema = z
  .object({ password: newPasswordSchema, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });
export type PasswordResetFormInput = z.input<typeof passwordResetFormSchema>;

/** A plain confirmation the client shows as it is. */
export const noticeSchema = z.object({ message: z.string() });
export type Notice = z.infer<typeof noticeSchema>;

/** POST /api/users/password: the current password proves it is the member. */
export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1, 'Please enter your current password').max(PASSWORD_MAX_LENGTH),
  newPassword: newPasswordSchema,
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** The change-password form adds a confirmation, which is not sent. */
export const changePasswordFormSchema = changePasswordSchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });
export type ChangePasswordFormInput = z.input<typeof changePasswordFormSchema>;

/** POST /api/users/email: the new address, used only once its mailed link is followed. */
export const changeEmailSchema = z.object({
  email,
  currentPassword: z.string().max(PASSWORD_MAX_LENGTH).optional(),
});
export type ChangeEmailInput = z.infer<typeof changeEmailSchema>;

export const RETURN_PATH_INVALID = 'The page to come back to must be a page of this site';

/**
 * `?next=` of the calls that mail a confirmation link (sign-up, resend): a path the rule above
 * keeps as it is (safeNextPath, return-path.ts), or nothing. Anything else is refused rather than
 * quietly put in a mail.
 */
export const returnPathQuerySchema = z.object({
  next: z
    .string()
    .max(RETURN_PATH_MAX_LENGTH, RETURN_PATH_INVALID)
    .refine((v) => safeNextPath(v) === v && v !== pages.home.path, RETURN_PATH_INVALID)
    .optional(),
});
