import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../site/constants';

/**
 * POST /api/users/me/delete: the member's password, or — for a member without one (external
 * sign-in) — the code mailed by POST /api/users/me/delete/code.
 */
export const deleteAccountSchema = z
  .object({
    password: z.string().min(1).max(PASSWORD_MAX_LENGTH).optional(),
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, 'Please enter the 6-digit code from the email')
      .optional(),
  })
  .refine((v) => v.password !== undefined || v.code !== undefined, {
    message: 'Please enter your password',
    path: ['password'],
  });
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

/** POST /api/data-export/download: the token from the mailed link. */
export const dataExportDownloadSchema = z.object({ token: z.string().min(20).max(100) });

export const PASSKEY_NAME_MAX_LENGTH = 60;
/** Passkeys one member may hold: a phone, a laptop, a key or two. */
export const PASSKEYS_MAX = 10;

export const passkeyNameSchema = z
  .string()
  .trim()
  .min(1, 'Please give this passkey a name')
  .max(PASSKEY_NAME_MAX_LENGTH, `At most ${PASSKEY_NAME_MAX_LENGTH} characters`);

export const passkeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;

/** The browser's WebAuthn answer, checked in full by the server's WebAuthn library. */
const credentialResponse = z.looseObject({
  id: z.string().min(1).max(1024),
  rawId: z.string().min(1).max(1024),
  type: z.literal('public-key'),
  response: z.looseObject({ clientDataJSON: z.string().min(1).max(8192) }),
});

export const passkeyRegisterSchema = z.object({
  name: passkeyNameSchema,
  response: credentialResponse,
});

export const passkeyLoginSchema = z.object({ response: credentialResponse });

/**
 * POST /api/auth/passkeys/register/options: adding a passkey shows, in the same step, that it
 * is the member: the current password, an answer from a passkey they already have (to a
 * sign-in challenge), or — with neither — the token of a link mailed to their address.
 */
export const passkeyProofSchema = z.preprocess(
  (body) => body ?? {},
  z.object({
    currentPassword: z.string().max(PASSWORD_MAX_LENGTH).optional(),
    assertion: credentialResponse.optional(),
    emailToken: z.string().min(20).max(100).optional(),
  }),
);
export type PasskeyProof = z.infer<typeof passkeyProofSchema>;

export const PASSKEY_PROOF_NEEDED = 'Enter your current password to add a passkey.';

export const passkeyRenameSchema = z.object({ name: passkeyNameSchema });
