import { eq, sql } from 'drizzle-orm';
import { conversationTag } from '../../../../common/notifications/push';
import { displayName } from '../../../../common/members/display';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { users, type messages } from '../../db/schema';
import { translator } from '../../i18n/translate';
import { pushToMember } from './push.service';

/** The thread between the reader and `otherId` about a starter, as the messages page opens it. */
export const threadPath = (starterId: number, otherId: string) =>
  `/messages?starter=${starterId}&with=${encodeURIComponent(otherId)}`;

async function facts(tx: DbOrTx, memberId: string, starterId: number) {
  const [member] = await tx.select().from(users).where(eq(users.id, memberId));
  const [starter] = rowsOf<{ title: string }>(
    await tx.execute(sql`SELECT title FROM starters WHERE id = ${starterId}`),
  );
  return { name: displayName(member, ''), title: starter?.title ?? null };
}

/**
 * A new message: one notification per conversation, replaced by the next message in it. Its
 * fixed words are in the receiver's language; the message text is the sender's own (or "You
 * have a new message" in the receiver's language when they hide message text).
 */
export async function pushNewMessage(
  tx: DbOrTx,
  message: Pick<typeof messages.$inferSelect, 'senderId' | 'receiverId' | 'starterId' | 'content'>,
): Promise<void> {
  const { name, title } = await facts(tx, message.senderId, message.starterId);
  await pushToMember(tx, message.receiverId, 'messages', (language) => {
    const t = translator(language);
    return {
      title: t('mail:notifications.message', {
        name: name || t('mail:messages.someone'),
        title: title ?? t('mail:aStarter'),
      }),
      body: message.content,
      url: threadPath(message.starterId, message.senderId),
      tag: conversationTag(message.starterId, message.senderId),
    };
  });
}
