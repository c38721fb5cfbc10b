import { displayName } from '../../../../common/members/display';
import { eq, sql } from 'drizzle-orm';
import { memberText } from './templates';
import { DEFAULT_LANGUAGE, type Language } from '../../../../common/i18n/languages';
import { translator } from '../../i18n/translate';
import type { MailChoice, MailKind } from '../../../../common/members/users';
import {
  mailChoiceFor,
  type MailedKind,
  type NewsKind,
} from '../../../../common/notifications/notification-kinds';
import { hasConfirmedEmail, mayAct } from '../../access/members';
import type { Config } from '../../config';
import { CHOICE_COLUMNS, type MailChoiceColumn } from '../../db/choice-columns';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { users } from '../../db/schema';
import { siteUrl } from './outbox';

type Member = typeof users.$inferSelect;

export function mailChoiceOf<K extends MailKind>(
  member: Pick<Member, MailChoiceColumn<K>>,
  kind: K,
): MailChoice {
  return (member as Record<string, string>)[CHOICE_COLUMNS[kind].mail] as MailChoice;
}

/** The column values that set one kind's choice (for `update(users).set(…)`). */
export function mailChoiceSet(kind: MailKind, choice: MailChoice): Partial<Member> {
  return { [CHOICE_COLUMNS[kind].mail]: choice };
}

/** The page a mail's "Stop these emails" link opens: it asks before it stops (GET is safe). */
export function stopPageUrl(config: Config, mailKey: string, kind: MailKind): string {
  return `${siteUrl(config)}/mail/stop/${mailKey}/${kind}`;
}

export interface MailRecipient {
  member: Member;
  /** How this kind reaches them: at once, or gathered into the daily digest. */
  choice: Exclude<MailChoice, 'off'>;
  /** For `queueMail`: the List-Unsubscribe header stops this kind only. */
  stop: { mailKey: string; kind: MailKind };
  /** For `renderMail`'s footer link. */
  unsubscribeUrl: string;
  /** The kind of news the mail tells of, which the outbox records. */
  news: NewsKind;
}

/**
 * May this member be mailed about news of `news`, and how: by their choice for its mail kind
 * (`NEWS_KINDS`, decision 153). Every mail about the site's news goes
 * through here: nothing when their choice for the kind is off, when they may not act (banned,
 * suspended, deactivated), or when their address is unconfirmed.
 */
export async function mailRecipient(
  tx: DbOrTx,
  config: Config,
  memberId: string,
  news: MailedKind,
): Promise<MailRecipient | null> {
  const member = await mailableMember(tx, memberId);
  if (!member) return null;
  const kind = mailChoiceFor(news);
  const choice = mailChoiceOf(member, kind);
  if (choice === 'off') return null;
  return {
    member,
    choice,
    stop: { mailKey: member.mailKey, kind },
    unsubscribeUrl: stopPageUrl(config, member.mailKey, kind),
    news,
  };
}

/**
 * The member, when the site may mail them at all: they may act (not banned, suspended or
 * deactivated) and their address is confirmed. `mailRecipient` adds the kind's choice; alert
 * mails, whose choices are the alerts themselves, use this directly.
 */
export async function mailableMember(tx: DbOrTx, memberId: string): Promise<Member | null> {
  const [member] = await tx.select().from(users).where(eq(users.id, memberId));
  if (!member || !mayAct(member) || !hasConfirmedEmail(member)) return null;
  return member;
}

/**
 * What mails about someone's starter name: the owner (the display rule) and the title;
 * a missing title is "a starter" in `language`.
 */
export async function starterMailFacts(
  tx: DbOrTx,
  input: { ownerId: string; starterId: number },
  ownerFallback: string,
  language: Language = DEFAULT_LANGUAGE,
): Promise<{ ownerName: string; title: string }> {
  const [owner] = await tx.select().from(users).where(eq(users.id, input.ownerId));
  const [starter] = rowsOf<{ title: string }>(
    await tx.execute(sql`SELECT title FROM starters WHERE id = ${input.starterId}`),
  );
  // Both are the owner's own words: quoted as plain text, never a link.
  return {
    ownerName: memberText(displayName(owner, ownerFallback)),
    title: memberText(starter?.title ?? translator(language)('mail:aStarter')),
  };
}
