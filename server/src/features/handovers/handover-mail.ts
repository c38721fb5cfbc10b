import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { siteUrl, queueMail } from '../mail/outbox';
import { mailFooter, mailRecipient, starterMailFacts } from '../mail/recipients';
import { greetingFor, renderMail } from '../mail/templates';

/**
 * Tells a member by mail that a portion was reserved for them, or that the owner released
 * it. Queued in the caller's transaction, so the mail exists exactly when the change does.
 * Follows the member's choice for reservation mail (`mailRecipient`).
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
  const to = await mailRecipient(tx, config, input.memberId, 'reservations');
  if (!to) return;
  const { ownerName, title } = await starterMailFacts(tx, input, 'The owner');
  const threadUrl = `${siteUrl(config)}/messages?starter=${input.starterId}&with=${encodeURIComponent(input.ownerId)}`;
  const reserved = input.kind === 'reserved';
  const content = renderMail({
    subject: reserved
      ? `${ownerName} reserved ${title} for you`
      : `${ownerName} released the reservation of ${title}`,
    greeting: greetingFor(to.member),
    paragraphs: [
      reserved
        ? `${ownerName} reserved a portion of ${title} for you on CultureShare.`
        : `${ownerName} released the portion of ${title} they had reserved for you.`,
      input.line,
    ],
    action: { label: 'Open the conversation', url: threadUrl },
    footer: mailFooter('you have reservation and hand-over emails turned on'),
    unsubscribeUrl: to.unsubscribeUrl,
  });
  await queueMail(tx, config, { ...content, to: to.member.email, stop: to.stop });
}
