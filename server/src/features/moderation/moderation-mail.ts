import { eq, inArray } from 'drizzle-orm';
import { removalReasonLabel, removalReasonSummary } from '../../../../common/removal-reasons';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import { queueMail, siteUrl } from '../mail/outbox';
import { mailFooter, mailRecipient } from '../mail/recipients';
import { greetingFor, renderMail } from '../mail/templates';

type Member = typeof users.$inferSelect;

/**
 * Moderators' decisions about a member's listing or report go out as the "Your listings and
 * reports" kind (decision 054): one setting the member can turn off, and a stop link that stops
 * that kind alone. A member who may not act or whose address is unconfirmed gets nothing.
 */
async function queueModerationMail(
  tx: DbOrTx,
  config: Config,
  member: Member,
  body: { subject: string; paragraphs: string[]; action: { label: string; url: string } },
): Promise<void> {
  const to = await mailRecipient(tx, config, member.id, 'reminders');
  if (!to) return;
  const content = renderMail({
    ...body,
    greeting: greetingFor(member),
    footer: mailFooter('you have emails about your listings and reports turned on'),
    unsubscribeUrl: to.unsubscribeUrl,
  });
  await queueMail(tx, config, { ...content, to: member.email, stop: to.stop });
}

const listingUrl = (config: Config, starterId: number) => `${siteUrl(config)}/starter/${starterId}`;

/** The owner learns which rule their listing broke and how to appeal. */
export async function queueRemovalMail(
  tx: DbOrTx,
  config: Config,
  input: {
    ownerId: string;
    starter: { id: number; title: string };
    reason: string;
    note: string | null;
  },
): Promise<void> {
  const [owner] = await tx.select().from(users).where(eq(users.id, input.ownerId));
  if (!owner) return;
  const summary = removalReasonSummary(input.reason);
  await queueModerationMail(tx, config, owner, {
    subject: `Your listing “${input.starter.title}” was removed`,
    paragraphs: [
      `A moderator removed your listing “${input.starter.title}” from CultureShare because it breaks ${removalReasonLabel(input.reason)}.`,
      ...(summary ? [summary] : []),
      ...(input.note ? [`The moderator added: ${input.note}`] : []),
      'You can still open the listing. If you think this was a mistake, use “Appeal This Removal” on it to tell the moderators why. You can appeal once, and a moderator will read your reply and either restore the listing or keep it removed.',
    ],
    action: { label: 'Open your listing', url: listingUrl(config, input.starter.id) },
  });
}

export type ReportOutcome = 'removed' | 'reviewed' | 'resolved';

/** Each member whose report was settled hears how. */
export async function queueReportOutcomeMail(
  tx: DbOrTx,
  config: Config,
  input: {
    reporterIds: string[];
    starter: { id: number; title: string };
    outcome: ReportOutcome;
    reason?: string;
  },
): Promise<void> {
  if (input.reporterIds.length === 0) return;
  const reporters = await tx.select().from(users).where(inArray(users.id, input.reporterIds));
  const title = `“${input.starter.title}”`;
  const outcome = {
    removed: {
      subject: `The listing you reported was removed`,
      line: `A moderator removed ${title} because it breaks ${removalReasonLabel(input.reason ?? '')}.`,
    },
    reviewed: {
      subject: `Your report was reviewed`,
      line: `A moderator reviewed ${title} and found it within the community rules, so it stays listed.`,
    },
    resolved: {
      subject: `Your report was resolved`,
      line: `A moderator looked into ${title} and settled the problem without removing the listing.`,
    },
  }[input.outcome];
  for (const reporter of reporters) {
    await queueModerationMail(tx, config, reporter, {
      subject: outcome.subject,
      paragraphs: [
        `Thank you for reporting ${title} on CultureShare.`,
        outcome.line,
        'Reports like yours keep sharing safe, free and friendly.',
      ],
      action: { label: 'Read the community rules', url: `${siteUrl(config)}/rules` },
    });
  }
}

/** The owner hears the answer to their appeal. */
export async function queueAppealDecisionMail(
  tx: DbOrTx,
  config: Config,
  input: {
    ownerId: string;
    starter: { id: number; title: string };
    decision: 'restored' | 'upheld';
    reason: string;
  },
): Promise<void> {
  const [owner] = await tx.select().from(users).where(eq(users.id, input.ownerId));
  if (!owner) return;
  const restored = input.decision === 'restored';
  await queueModerationMail(tx, config, owner, {
    subject: restored
      ? `Your listing “${input.starter.title}” is back`
      : `Your appeal for “${input.starter.title}” was answered`,
    paragraphs: restored
      ? [
          `A moderator read your appeal and restored “${input.starter.title}”. Neighbours can see it and message you about it again.`,
        ]
      : [
          `A moderator read your appeal and the removal of “${input.starter.title}” stands: it breaks ${removalReasonLabel(input.reason)}.`,
          'You are welcome to share a new listing that follows the community rules.',
        ],
    action: { label: 'Open your listing', url: listingUrl(config, input.starter.id) },
  });
}
