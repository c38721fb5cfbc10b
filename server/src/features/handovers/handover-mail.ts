import { eq, sql } from 'drizzle-orm';
import { hasConfirmedEmail, mayAct } from '../../access/members';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { users } from '../../db/schema';
import { queueMail, siteUrl, unsubscribeUrl } from '../mail/outbox';
import { greetingFor, renderMail } from '../mail/templates';

/**
 * Tells a member by mail that a portion was reserved for them, or that the owner released
 * it. Queued in the caller's transaction, so the mail exists exactly when the change does.
 * Follows the member's message-mail setting (these are news in a conversation); a member who
 * may not act, or whose address is unconfirmed, gets nothing.
 */
export async function queueReservationMail(
  tx: DbOrTx,
  config: Config,
  input: {
    memberId: string;
    ownerId: string;
    starterId: number;
    kind: 'reserved' | 'released';
    /** The system line's text, e.g. "Reserved for you — Saturday 10:00". */
    line: string;
  },
): Promise<void> {
  const [member] = await tx.select().from(users).where(eq(users.id, input.memberId));
  if (!member || member.messageMail === 'off') return;
  if (!mayAct(member) || !hasConfirmedEmail(member)) return;
  const [owner] = await tx.select().from(users).where(eq(users.id, input.ownerId));
  const [starter] = rowsOf<{ title: string }>(
    await tx.execute(sql`SELECT title FROM starters WHERE id = ${input.starterId}`),
  );
  const ownerName = owner?.firstName?.trim() || owner?.username || 'The owner';
  const title = starter?.title ?? 'a starter';
  const threadUrl = `${siteUrl(config)}/messages?starter=${input.starterId}&with=${encodeURIComponent(input.ownerId)}`;
  const reserved = input.kind === 'reserved';
  const content = renderMail({
    subject: reserved
      ? `${ownerName} reserved ${title} for you`
      : `${ownerName} released the reservation of ${title}`,
    greeting: greetingFor(member),
    paragraphs: [
      reserved
        ? `${ownerName} reserved a portion of ${title} for you on CultureShare.`
        : `${ownerName} released the portion of ${title} they had reserved for you.`,
      input.line,
    ],
    action: { label: 'Open the conversation', url: threadUrl },
    footer:
      'You get this email because you have message emails turned on. Change that on your profile page.',
    unsubscribeUrl: unsubscribeUrl(config, member.mailKey),
  });
  await queueMail(tx, config, { ...content, to: member.email, mailKey: member.mailKey });
}
