import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { queueMail, siteUrl } from '../mail/outbox';
import { mailFooter, mailRecipient, starterMailFacts } from '../mail/recipients';
import { greetingFor, renderMail } from '../mail/templates';

/**
 * Tells a waiting member that it is their turn, in the round's transaction, so the mail
 * exists exactly when the offer does. Follows the member's choice for standing-offer mail
 * (`mailRecipient`); the offer also shows in the site-wide banner, on the listing and as a
 * line in the conversation.
 */
export async function queueOfferMail(
  tx: DbOrTx,
  config: Config,
  input: { memberId: string; ownerId: string; starterId: number; answerHours: number },
): Promise<void> {
  const to = await mailRecipient(tx, config, input.memberId, 'offers');
  if (!to) return;
  const { ownerName, title } = await starterMailFacts(tx, input, 'The giver');
  const content = renderMail({
    subject: `Your turn: a portion of ${title}`,
    greeting: greetingFor(to.member),
    paragraphs: [
      `You reached the front of the line for ${ownerName}'s standing offer of ${title} on CultureShare.`,
      `Accept it within ${input.answerHours} hours to have a portion reserved for you; after that it passes to the next in line.`,
    ],
    action: { label: 'Answer the offer', url: `${siteUrl(config)}/starter/${input.starterId}` },
    footer: mailFooter('you joined a waitlist and have standing-offer emails turned on'),
    unsubscribeUrl: to.unsubscribeUrl,
  });
  await queueMail(tx, config, { ...content, to: to.member.email, stop: to.stop });
}
