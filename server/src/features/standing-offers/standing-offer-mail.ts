import { eq, sql } from 'drizzle-orm';
import { hasConfirmedEmail, mayAct } from '../../access/members';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { users } from '../../db/schema';
import { queueMail, siteUrl, unsubscribeUrl } from '../mail/outbox';
import { greetingFor, renderMail } from '../mail/templates';

/**
 * Tells a waiting member that it is their turn, in the round's transaction, so the mail
 * exists exactly when the offer does. Like reservation mail it follows the member's
 * message-mail setting and skips members who may not act or whose address is unconfirmed;
 * the offer also shows on the listing and as a line in the conversation.
 */
export async function queueOfferMail(
  tx: DbOrTx,
  config: Config,
  input: { memberId: string; ownerId: string; starterId: number; answerHours: number },
): Promise<void> {
  const [member] = await tx.select().from(users).where(eq(users.id, input.memberId));
  if (!member || member.messageMail === 'off') return;
  if (!mayAct(member) || !hasConfirmedEmail(member)) return;
  const [owner] = await tx.select().from(users).where(eq(users.id, input.ownerId));
  const [starter] = rowsOf<{ title: string }>(
    await tx.execute(sql`SELECT title FROM starters WHERE id = ${input.starterId}`),
  );
  const ownerName = owner?.firstName?.trim() || owner?.username || 'The giver';
  const title = starter?.title ?? 'a starter';
  const content = renderMail({
    subject: `Your turn: a portion of ${title}`,
    greeting: greetingFor(member),
    paragraphs: [
      `You reached the front of the line for ${ownerName}'s standing offer of ${title} on CultureShare.`,
      `Accept it within ${input.answerHours} hours to have a portion reserved for you; after that it passes to the next in line.`,
    ],
    action: { label: 'Answer the offer', url: `${siteUrl(config)}/starter/${input.starterId}` },
    footer:
      'You get this email because you joined a waitlist and have message emails turned on. Change that on your profile page.',
    unsubscribeUrl: unsubscribeUrl(config, member.mailKey),
  });
  await queueMail(tx, config, { ...content, to: member.email, mailKey: member.mailKey });
}
