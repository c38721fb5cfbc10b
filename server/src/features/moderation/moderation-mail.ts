import {
  removalReasonLabel,
  removalReasonSummary,
} from '../../../../common/moderation/removal-reasons';
import type { Language } from '../../../../common/i18n/languages';
import { translator } from '../../i18n/translate';
import type { Wording } from '../../i18n/wording';
import type { Config } from '../../config';
import { siteUrl } from '../mail/outbox';
import type { MailWords, MailWriter } from '../notifications/tell';
type T = ReturnType<typeof translator>;

/** "Rule 1: Safety & Quality" in the mail's (or notification's) language; an unknown value as it is. */
export function ruleOf(t: T, language: Language, reason: string): string {
  const english = removalReasonLabel(reason);
  return language === 'en'
    ? english
    : t(`mail:moderation.reasons.${reason}`, { defaultValue: english });
}

/** The rule as a wording: its name in the reader's language, worded when read (decision 124). */
export function ruleWording(reason: string): { text: Wording } {
  return {
    text: {
      key: `mail:moderation.reasons.${reason}`,
      values: { defaultValue: removalReasonLabel(reason) },
    },
  };
}

function summaryOf(t: T, language: Language, reason: string): string | null {
  const english = removalReasonSummary(reason);
  if (english === null || language === 'en') return english;
  return t(`mail:moderation.summaries.${reason}`, { defaultValue: english });
}

/**
 * Moderators' decisions about a member's listing or report are mail of the `moderation` kind,
 * sent by `tell` as the "Your listings and reports" choice (decision 054): one setting the
 * member can turn off, and a stop link that stops that kind alone. Each function here words
 * one such mail, with the moderation footer.
 */
function moderationMail(
  write: (t: T, language: Language) => Omit<MailWords, 'footer'>,
): MailWriter {
  return (t, language) => ({ ...write(t, language), footer: t('mail:footers.moderation') });
}

const listingUrl = (config: Config, starterId: number) => `${siteUrl(config)}/starter/${starterId}`;

/** The owner learns which rule their listing broke and how to appeal. */
export function removalMail(
  config: Config,
  input: { starter: { id: number; title: string }; reason: string; note: string | null },
): MailWriter {
  const title = input.starter.title;
  return moderationMail((t, language) => {
    const summary = summaryOf(t, language, input.reason);
    return {
      subject: t('mail:moderation.removedSubject', { title }),
      paragraphs: [
        t('mail:moderation.removed', { title, rule: ruleOf(t, language, input.reason) }),
        ...(summary ? [summary] : []),
        ...(input.note ? [t('mail:moderation.note', { note: input.note })] : []),
        t('mail:moderation.appealHow'),
      ],
      action: {
        label: t('mail:moderation.openListing'),
        url: listingUrl(config, input.starter.id),
      },
    };
  });
}

/**
 * Enough members reported the listing that it left the public site until a moderator looks
 * (decision 078): the owner hears why, and that nothing is decided yet.
 */
export function heldForReviewMail(
  config: Config,
  starter: { id: number; title: string },
): MailWriter {
  const title = starter.title;
  return moderationMail((t) => ({
    subject: t('mail:moderation.heldSubject', { title }),
    paragraphs: [t('mail:moderation.held', { title }), t('mail:moderation.heldTalking')],
    action: { label: t('mail:moderation.openListing'), url: listingUrl(config, starter.id) },
  }));
}

export type ReportOutcome = 'removed' | 'reviewed' | 'resolved';

/** A member whose report was settled hears how. */
export function reportOutcomeMail(
  config: Config,
  input: { starter: { id: number; title: string }; outcome: ReportOutcome; reason?: string },
): MailWriter {
  const title = input.starter.title;
  return moderationMail((t, language) => {
    const outcome = {
      removed: {
        subject: t('mail:moderation.reportRemovedSubject'),
        line: t('mail:moderation.reportRemoved', {
          title,
          rule: ruleOf(t, language, input.reason ?? ''),
        }),
      },
      reviewed: {
        subject: t('mail:moderation.reportReviewedSubject'),
        line: t('mail:moderation.reportReviewed', { title }),
      },
      resolved: {
        subject: t('mail:moderation.reportResolvedSubject'),
        line: t('mail:moderation.reportResolved', { title }),
      },
    }[input.outcome];
    return {
      subject: outcome.subject,
      paragraphs: [
        t('mail:moderation.thanks', { title }),
        outcome.line,
        t('mail:moderation.keepsSafe'),
      ],
      action: { label: t('mail:moderation.readRules'), url: `${siteUrl(config)}/rules` },
    };
  });
}

/** The owner hears the answer to their appeal. */
export function appealDecisionMail(
  config: Config,
  input: {
    starter: { id: number; title: string };
    decision: 'restored' | 'upheld';
    reason: string;
  },
): MailWriter {
  const restored = input.decision === 'restored';
  const title = input.starter.title;
  return moderationMail((t, language) => ({
    subject: restored
      ? t('mail:moderation.restoredSubject', { title })
      : t('mail:moderation.upheldSubject', { title }),
    paragraphs: restored
      ? [t('mail:moderation.restored', { title })]
      : [
          t('mail:moderation.upheld', { title, rule: ruleOf(t, language, input.reason) }),
          t('mail:moderation.welcomeNew'),
        ],
    action: { label: t('mail:moderation.openListing'), url: listingUrl(config, input.starter.id) },
  }));
}

/**
 * The sender of a message a moderator turned down hears that it was not delivered, which rule
 * it broke, and that they may write again without it.
 */
export function heldRejectedMail(input: { title: string; code: string; url: string }): MailWriter {
  const { title } = input;
  return moderationMail((t) => ({
    subject: t('mail:moderation.heldRejectedSubject', { title }),
    paragraphs: [
      t('mail:moderation.heldRejected', { title, rule: t(`mail:heldRules.${input.code}`) }),
      t('mail:moderation.heldRejectedAgain'),
    ],
    action: { label: t('mail:openConversation'), url: input.url },
  }));
}
