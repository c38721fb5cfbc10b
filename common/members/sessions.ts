import { z } from 'zod';

/** One of the member's sessions in "Where am I signed in" (GET /api/users/me/sessions). */
export const memberSessionSchema = z.object({
  id: z.number().int(),
  /** The session this request came with. */
  current: z.boolean(),
  /** Read from the User-Agent, e.g. "Firefox"; null when it does not say. */
  browser: z.string().nullable(),
  /** e.g. "Android", "Windows"; null when the User-Agent does not say. */
  system: z.string().nullable(),
  /** A town from the gazetteer, when known; never a finer position. */
  place: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
});
export type MemberSession = z.infer<typeof memberSessionSchema>;

/** POST /api/users/me/sessions/sign-out-others: the passkeys may go with the other devices. */
export const signOutOthersSchema = z.preprocess(
  (body) => body ?? {},
  z.object({ removePasskeys: z.boolean().optional() }),
);

/** A link mailed to an old address that still moves the account back to it (GET /api/users/me/undo-links). */
export const undoLinkSchema = z.object({ email: z.string(), expiresAt: z.string() });
export type UndoLink = z.infer<typeof undoLinkSchema>;
