import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { siteUrl } from '../mail/outbox';
import { starterMailFacts } from '../mail/recipients';
import type { MailWriter } from '../notifications/tell';

/**
 * The mail telling a waiting member that it is their turn, queued by `tell` in the round's
 * transaction, so the mail exists exactly when the offer does, by the member's choice for
 * standing-offer mail. The offer also shows in the site-wide banner, on the listing and as a
 * line in the conversation.
 */
export function offerMail(
  tx: DbOrTx,
  config: Config,
  input: { ownerId: string; starterId: number; answerHours: number },
): MailWriter {
  return async (t, language) => {
    const { ownerName, title } = await starterMailFacts(tx, input, t('mail:offer.giver'), language);
    return {
      subject: t('mail:offer.subject', { title }),
      paragraphs: [
        t('mail:offer.front', { owner: ownerName, title }),
        t('mail:offer.accept', { hours: input.answerHours }),
      ],
      action: {
        label: t('mail:offer.action'),
        url: `${siteUrl(config)}/starter/${input.starterId}`,
      },
      footer: t('mail:footers.offers'),
    };
  };
}
