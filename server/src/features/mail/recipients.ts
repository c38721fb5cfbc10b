import { eq, sql } from 'drizzle-orm';
import type { MailChoice, MailKind } from '../../../../common/users';
import { hasConfirmedEmail, mayAct } from '../../access/members';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { users } from '../../db/schema';
import { siteUrl } from './outbox';

type Member = typeof users.$inferSelect;

/** Where each kind's choice is kept (decision 054). */
export const mailColumns = {
  messages: users.messageMail,
  reservations: users.reservationMail,
  checkins: users.checkinMail,
  offers: users.offerMail,
  reminders: users.reminderMail,
} as const;

const fieldOf = {
  messages: 'messageMail',
  reservations: 'reservationMail',
  checkins: 'checkinMail',
  offers: 'offerMail',
  reminders: 'reminderMail',
} as const satisfies Record<MailKind, keyof Member>;

export function mailChoiceOf<K extends MailKind>(
  member: Pick<Member, (typeof fieldOf)[K]>,
  kind: K,
): MailChoice {
  return (member as Record<string, string>)[fieldOf[kind]] as MailChoice;
}

/** The column values that set one kind's choice (for `update(users).set(…)`). */
export function mailChoiceSet(kind: MailKind, choice: MailChoice): Partial<Member> {
  return { [fieldOf[kind]]: choice };
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
}

/**
 * May this member be mailed about `kind`, and how. Every mail about the site's news goes
 * through here: nothing when their choice for the kind is off, when they may not act (banned,
 * suspended, deactivated), or when their address is unconfirmed.
 */
export async function mailRecipient(
  tx: DbOrTx,
  config: Config,
  memberId: string,
  kind: MailKind,
): Promise<MailRecipient | null> {
  const [member] = await tx.select().from(users).where(eq(users.id, memberId));
  if (!member) return null;
  const choice = mailChoiceOf(member, kind);
  if (choice === 'off') return null;
  if (!mayAct(member) || !hasConfirmedEmail(member)) return null;
  return {
    member,
    choice,
    stop: { mailKey: member.mailKey, kind },
    unsubscribeUrl: stopPageUrl(config, member.mailKey, kind),
  };
}

/** What mails about someone's starter name: the owner (first name, else username) and the title. */
export async function starterMailFacts(
  tx: DbOrTx,
  input: { ownerId: string; starterId: number },
  ownerFallback: string,
): Promise<{ ownerName: string; title: string }> {
  const [owner] = await tx.select().from(users).where(eq(users.id, input.ownerId));
  const [starter] = rowsOf<{ title: string }>(
    await tx.execute(sql`SELECT title FROM starters WHERE id = ${input.starterId}`),
  );
  return {
    ownerName: owner?.firstName?.trim() || owner?.username || ownerFallback,
    title: starter?.title ?? 'a starter',
  };
}

/** The footer line: why this mail came, and where to change it. */
export function mailFooter(about: string): string {
  return `You get this email because ${about}. Change that under Notifications on your profile.`;
}
