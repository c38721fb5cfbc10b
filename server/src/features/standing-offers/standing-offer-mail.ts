import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { queueMailTo, siteUrl } from '../mail/outbox';
import { mailRecipient, starterMailFacts } from '../mail/recipients';

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
  await queueMailTo(
    tx,
    config,
    to.member,
    async (t, language) => {
      const { ownerName, title } = await starterMailFacts(
        tx,
        input,
        t('mail:offer.giver'),
        language,
      );
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
    },
    to,
  );
}
