import { z } from 'zod';

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
  createdAt: z.string(),
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

/** How a member hears of new messages by email. */
export const messageMailValues = ['immediately', 'daily', 'off'] as const;

/** GET/PATCH /api/users/mail-settings. */
export const mailSettingsSchema = z.object({ messageMail: z.enum(messageMailValues) });
export type MailSettings = z.infer<typeof mailSettingsSchema>;
