import { z } from 'zod';
import { multiLineText, singleLineText } from '../site/text';
import { idField, idParam } from '../site/ids';
import { removalReasonValues } from './removal-reasons';

export const sanctionKinds = ['suspension', 'ban'] as const;
export type SanctionKind = (typeof sanctionKinds)[number];

/** Suspension lengths the dashboard offers (days). */
export const SUSPENSION_DAY_CHOICES = [1, 3, 7, 14, 30, 90] as const;
export const SUSPENSION_MAX_DAYS = 365;
export const MODERATION_REASON_MAX_LENGTH = 500;

export const SANCTION_REASON_REQUIRED = 'Please give a reason';
export const SANCTION_DAYS_REQUIRED = 'Please choose how long the suspension lasts';

const reasonSchema = multiLineText({ error: SANCTION_REASON_REQUIRED })
  .trim()
  .min(1, SANCTION_REASON_REQUIRED)
  .max(MODERATION_REASON_MAX_LENGTH, `At most ${MODERATION_REASON_MAX_LENGTH} characters`);

/** POST /api/moderation/sanctions: a suspension needs a length, a ban never ends. */
export const createSanctionSchema = z
  .object({
    userId: singleLineText().min(1).max(100),
    kind: z.enum(sanctionKinds),
    reason: reasonSchema,
    days: z.coerce.number().int().min(1).max(SUSPENSION_MAX_DAYS).optional(),
    reportId: idField('Invalid report ID').optional(),
    /** The rule broken, for the public moderation log (decision 167). */
    rule: z.enum(removalReasonValues).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.kind === 'suspension' && value.days === undefined) {
      ctx.addIssue({ code: 'custom', path: ['days'], message: SANCTION_DAYS_REQUIRED });
    }
    if (value.kind === 'ban' && value.days !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['days'], message: 'A ban has no end date' });
    }
  });
export type CreateSanctionInput = z.input<typeof createSanctionSchema>;

export const liftSanctionSchema = z.object({ reason: reasonSchema });

/** A member as the dashboard names them: username, else first name (common/members/display). */
const personSchema = z.object({
  id: z.string(),
  username: z.string().nullable(),
  firstName: z.string().nullable(),
});

export const sanctionItemSchema = z.object({
  id: z.number().int(),
  kind: z.enum(sanctionKinds),
  reason: z.string(),
  endsAt: z.string().nullable(),
  createdAt: z.string(),
  liftedAt: z.string().nullable(),
  /** True while the sanction holds: not lifted and, for a suspension, not yet over. */
  active: z.boolean(),
  user: personSchema.extend({ lastName: z.string().nullable() }),
  createdBy: personSchema.nullable(),
  liftedBy: personSchema.nullable(),
});
export type SanctionItem = z.infer<typeof sanctionItemSchema>;

export const sanctionListQuerySchema = z.object({
  active: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
});

export const moderationActions = [
  'report_status',
  'remove_starter',
  'suspend',
  'ban',
  'lift_sanction',
  'restore_starter',
  'uphold_removal',
  'release_message',
  'reject_message',
  'release_starter',
  'reject_starter',
  'screening_rule',
  'set_trust',
  'appoint_steward',
  'remove_steward',
] as const;
export type ModerationAction = (typeof moderationActions)[number];

export const auditEntrySchema = z.object({
  id: z.number().int(),
  action: z.enum(moderationActions),
  createdAt: z.string(),
  reason: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  moderator: personSchema.nullable(),
  reportId: z.number().int().nullable(),
  starter: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  targetUser: personSchema.nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(100),
  offset: z.coerce.number().int().min(0).default(0),
});

export const sanctionIdParamsSchema = z.object({ id: idParam('sanction') });

// ---------------------------------------------------------------- removals and appeals

export const APPEAL_MAX_LENGTH = 1000;
export const APPEAL_TEXT_REQUIRED = 'Please tell the moderators why it should be restored';

/** POST /api/starters/:id/appeal: the owner's one reply to a removal. */
export const appealSchema = z.object({
  text: multiLineText({ error: APPEAL_TEXT_REQUIRED })
    .trim()
    .min(1, APPEAL_TEXT_REQUIRED)
    .max(APPEAL_MAX_LENGTH, `At most ${APPEAL_MAX_LENGTH} characters`),
});
export type AppealInput = z.input<typeof appealSchema>;

export const appealDecisions = ['restored', 'upheld'] as const;
export type AppealDecision = (typeof appealDecisions)[number];

/** POST /api/moderation/appeals/:id: restore the listing or keep it removed. */
export const appealDecisionSchema = z.object({ decision: z.enum(appealDecisions) });

/**
 * A removal as its owner sees it on the listing: which rule, and where their appeal stands.
 * GET /api/starters/:id/removal (the owner and moderators; 404 while the listing is up).
 */
export const starterRemovalSchema = z.object({
  id: z.number().int(),
  starterId: z.number().int(),
  reason: z.string(),
  note: z.string().nullable(),
  removedAt: z.string(),
  appeal: z.object({ text: z.string(), createdAt: z.string() }).nullable(),
  decision: z.enum(appealDecisions).nullable(),
  decidedAt: z.string().nullable(),
});
export type StarterRemoval = z.infer<typeof starterRemovalSchema>;

export const appealStatuses = ['open', 'decided'] as const;
export type AppealStatus = (typeof appealStatuses)[number];

export const appealListQuerySchema = z.object({
  status: z.enum(appealStatuses).default('open'),
});

/** An appeal in the moderators' queue: the removal, the owner's words and the listing. */
export const appealItemSchema = starterRemovalSchema.extend({
  appeal: z.object({ text: z.string(), createdAt: z.string() }),
  removedBy: personSchema.nullable(),
  decidedBy: personSchema.nullable(),
  owner: personSchema,
  starter: z.object({
    id: z.number().int(),
    title: z.string(),
    category: z.string(),
    imagePath: z.string().nullable(),
    thumbnailPath: z.string().nullable(),
  }),
});
export type AppealItem = z.infer<typeof appealItemSchema>;

export const appealIdParamsSchema = z.object({ id: idParam('appeal') });
