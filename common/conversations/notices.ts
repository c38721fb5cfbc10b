import { z } from 'zod';

export const NOTICE_KINDS = ['expires_soon', 'expired', 'confirm_handover'] as const;

/** GET /api/me/notices — reminders shown on the site (mail may repeat some later). */
export const noticeSchema = z.object({
  kind: z.enum(NOTICE_KINDS),
  starterId: z.number().int(),
  starterTitle: z.string(),
  /** For expiry notices: when the listing expires or expired. */
  availableUntil: z.string().nullable(),
  handoverId: z.number().int().nullable(),
});
export type Notice = z.infer<typeof noticeSchema>;
