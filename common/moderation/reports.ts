import { z } from 'zod';
import { reportReasonValues, reportStatuses } from '../listings/catalogue';
import { REPORT_DESCRIPTION_MAX_LENGTH } from '../site/constants';
import { multiLineText } from '../site/text';
import { idField, idParam } from '../site/ids';
import { REMOVAL_REASON_REQUIRED, removalReasonValues } from './removal-reasons';

export const REPORT_REASON_REQUIRED = 'Please select a reason';
export const REPORT_DETAILS_REQUIRED = 'Please describe the issue';
export const REPORT_DETAILS_TOO_LONG = `Details must be at most ${REPORT_DESCRIPTION_MAX_LENGTH} characters`;

export const reportReasonSchema = z.enum(reportReasonValues, { error: REPORT_REASON_REQUIRED });
export const reportStatusSchema = z.enum(reportStatuses);

/** A report's reason and details, of a listing or a message. */
const reportFields = {
  reason: reportReasonSchema,
  description: multiLineText()
    .trim()
    .max(REPORT_DESCRIPTION_MAX_LENGTH, REPORT_DETAILS_TOO_LONG)
    .nullish()
    .transform((v) => v || null),
};

/** "Other" needs its details, for a listing's report and a message's alike. */
function checkDetails(value: { reason: string; description: string | null }, ctx: z.RefinementCtx) {
  if (value.reason === 'other' && !value.description) {
    ctx.addIssue({ code: 'custom', path: ['description'], message: REPORT_DETAILS_REQUIRED });
  }
}

/**
 * POST /api/reports. The spec shows '(Required)' for 'other' without enforcing it; we enforce
 * it on both sides (docs/ARCHITECTURE.md), so a moderator always learns what 'other' means.
 */
export const createReportSchema = z
  .object({ starterId: idField('Invalid starter'), ...reportFields })
  .superRefine(checkDetails);
export type CreateReportInput = z.input<typeof createReportSchema>;

/** POST /api/messages/:id/report: the same reasons as a listing's report. */
export const messageReportSchema = z.object(reportFields).superRefine(checkDetails);
export type MessageReportInput = z.input<typeof messageReportSchema>;

export const createdReportSchema = z.object({
  id: z.number().int(),
  status: reportStatusSchema,
});

/** Who reported or reviewed: the spec shows a username; the first name stands in when unset. */
const memberSchema = z.object({
  id: z.string(),
  username: z.string().nullable(),
  firstName: z.string().nullable(),
});

/** A message in the conversation around a reported one. */
export const neighbourMessageSchema = z.object({
  id: z.number().int(),
  content: z.string(),
  createdAt: z.string(),
  sender: memberSchema,
  photoCount: z.number().int(),
});
export type NeighbourMessage = z.infer<typeof neighbourMessageSchema>;

/**
 * The message a report is about, for reports made on a message rather than a listing: its
 * photos (moderators may open them while it is reported) and the messages around it.
 */
export const reportedMessageSchema = z.object({
  id: z.number().int(),
  content: z.string(),
  createdAt: z.string(),
  sender: memberSchema,
  photos: z.array(z.object({ url: z.string(), thumbUrl: z.string() })).optional(),
  /** Up to two messages before it and two after, in time order, the reported one excluded. */
  before: z.array(neighbourMessageSchema).optional(),
  after: z.array(neighbourMessageSchema).optional(),
});
export type ReportedMessage = z.infer<typeof reportedMessageSchema>;

/** A report as moderators see it: spec §3's report item plus ids and the people involved. */
export const reportItemSchema = z.object({
  id: z.number().int(),
  reason: z.string(),
  description: z.string().nullable(),
  status: reportStatusSchema,
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
  reviewer: memberSchema.nullable(),
  reporter: memberSchema,
  starter: z.object({
    id: z.number().int(),
    title: z.string(),
    category: z.string(),
    description: z.string(),
    /** The listing's photo (full size and thumbnail), so the moderator sees what was reported. */
    imagePath: z.string().nullable(),
    thumbnailPath: z.string().nullable(),
    removedAt: z.string().nullable(),
    user: z.object({
      id: z.string(),
      username: z.string().nullable(),
      firstName: z.string().nullable(),
      lastName: z.string().nullable(),
      isModerator: z.boolean(),
      /** The owner's current sanction, so the card can offer (or not) to sanction them. */
      bannedAt: z.string().nullable(),
      suspendedUntil: z.string().nullable(),
    }),
  }),
  message: reportedMessageSchema.nullable().optional(),
});
export type ReportItem = z.infer<typeof reportItemSchema>;

export const reportListQuerySchema = z.object({
  status: reportStatusSchema.default('pending'),
  limit: z.coerce.number().int().min(1).max(200).default(100),
  offset: z.coerce.number().int().min(0).default(0),
});

export const reportStatsSchema = z.object({
  pending: z.number().int(),
  reviewed: z.number().int(),
  resolved: z.number().int(),
  total: z.number().int(),
});
export type ReportStats = z.infer<typeof reportStatsSchema>;

export const updateReportSchema = z.object({ status: reportStatusSchema });

export const reportIdParamsSchema = z.object({ id: idParam('report') });

export const REMOVAL_NOTE_MAX_LENGTH = 500;

/**
 * Remove Starter names the rule the listing breaks (common/moderation/removal-reasons.ts) and may carry a
 * note, which the owner reads in their mail and the audit log keeps.
 */
const removeStarterBodySchema = z.object({
  reason: z.enum(removalReasonValues, { error: REMOVAL_REASON_REQUIRED }),
  note: multiLineText()
    .trim()
    .max(REMOVAL_NOTE_MAX_LENGTH, `At most ${REMOVAL_NOTE_MAX_LENGTH} characters`)
    .nullish()
    .transform((v) => v || null),
});
export const removeStarterSchema = z.preprocess(
  // A body-less call still gets the field-named 400 rather than a parse error.
  (v) => v ?? {},
  removeStarterBodySchema,
);
export type RemoveStarterInput = z.input<typeof removeStarterBodySchema>;
