import { and, asc, desc, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  messageReportSchema,
  NeighbourMessage,
  ReportedMessage,
} from '../../../../common/moderation/reports';
import type { ReportStatus } from '../../../../common/listings/catalogue';
import { assertMayPost } from '../../access/members';
import { requireStarter } from '../../access/starter-access';
import type { DbOrTx } from '../../db/client';
import { messagePhotos, messages, reports, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { forbidden, notFound } from '../../errors';
import type { SessionUser } from '../../plugins/sessions';
import { photosOfMessages } from '../messages/message-photos';
import { fileReport } from './file-report';

const ALREADY_REPORTED =
  'You have already reported this message. A moderator will review your report soon.';
/** Messages shown on each side of a reported one. */
const NEIGHBOURS = 2;

export type MessageReport = z.output<typeof messageReportSchema> & { messageId: number };

/**
 * A member reports a message someone wrote to them. Only the receiver can: the message is
 * theirs to judge, and nobody else could read it. The report names the starter too, so the
 * moderators' list and actions work as for a listing's report.
 */
export async function reportMessage(
  deps: Pick<AppDeps, 'db' | 'limiter' | 'config'>,
  actor: SessionUser,
  input: MessageReport,
): Promise<{ id: number; status: ReportStatus }> {
  assertMayPost(actor);
  const { db } = deps;
  const [message] = await db
    .select({
      id: messages.id,
      starterId: messages.starterId,
      senderId: messages.senderId,
      receiverId: messages.receiverId,
      kind: messages.kind,
    })
    .from(messages)
    .where(eq(messages.id, input.messageId))
    .limit(1);
  if (!message || (message.senderId !== actor.id && message.receiverId !== actor.id)) {
    throw notFound('Message not found');
  }
  // A message about a starter the member may no longer see is gone for them too.
  try {
    await requireStarter(db, actor, message.starterId, 'see');
  } catch {
    throw notFound('Message not found');
  }
  if (message.senderId === actor.id) throw forbidden("You can't report your own message");
  if (message.kind !== 'text') throw forbidden('Only messages members wrote can be reported');

  const about = { on: eq(reports.messageId, message.id), alreadyReported: ALREADY_REPORTED };
  return fileReport(deps, actor, about, async () => {
    const [row] = await db
      .insert(reports)
      .values({
        starterId: message.starterId,
        messageId: message.id,
        reporterId: actor.id,
        reason: input.reason,
        description: input.description,
      })
      .returning({ id: reports.id, status: reports.status });
    return { id: row!.id, status: row!.status as ReportStatus };
  });
}

const member = (u: { id: string; username: string | null; firstName: string | null }) => ({
  id: u.id,
  username: u.username,
  firstName: u.firstName,
});

/**
 * What moderators see of reported messages (by message id): the message, its photos, and the
 * messages just before and after it in the same conversation.
 */
export async function reportedMessages(
  db: DbOrTx,
  messageIds: number[],
): Promise<Map<number, ReportedMessage>> {
  const found = new Map<number, ReportedMessage>();
  if (messageIds.length === 0) return found;
  const rows = await db
    .select({ message: messages, sender: users })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.senderId))
    .where(inArray(messages.id, messageIds));
  const photos = await photosOfMessages(db, messageIds);
  for (const { message, sender } of rows) {
    const conversation = and(
      eq(messages.starterId, message.starterId),
      or(
        and(eq(messages.senderId, message.senderId), eq(messages.receiverId, message.receiverId)),
        and(eq(messages.senderId, message.receiverId), eq(messages.receiverId, message.senderId)),
      ),
    );
    const around = (side: 'before' | 'after') =>
      db
        .select({
          message: messages,
          sender: users,
          photoCount: sql<number>`(SELECT count(*)::int FROM ${messagePhotos} WHERE ${messagePhotos.messageId} = ${messages.id})`,
        })
        .from(messages)
        .innerJoin(users, eq(users.id, messages.senderId))
        .where(
          and(
            conversation,
            side === 'before'
              ? or(
                  lt(messages.createdAt, message.createdAt),
                  and(eq(messages.createdAt, message.createdAt), lt(messages.id, message.id)),
                )
              : or(
                  gt(messages.createdAt, message.createdAt),
                  and(eq(messages.createdAt, message.createdAt), gt(messages.id, message.id)),
                ),
          ),
        )
        .orderBy(
          ...(side === 'before'
            ? [desc(messages.createdAt), desc(messages.id)]
            : [asc(messages.createdAt), asc(messages.id)]),
        )
        .limit(NEIGHBOURS);
    const toNeighbour = (r: Awaited<ReturnType<typeof around>>[number]): NeighbourMessage => ({
      id: r.message.id,
      content: r.message.content,
      createdAt: r.message.createdAt.toISOString(),
      sender: member(r.sender),
      photoCount: Number(r.photoCount),
    });
    const [before, after] = await Promise.all([around('before'), around('after')]);
    found.set(message.id, {
      id: message.id,
      content: message.content,
      createdAt: message.createdAt.toISOString(),
      sender: member(sender),
      photos: photos.get(message.id) ?? [],
      before: before.reverse().map(toNeighbour),
      after: after.map(toNeighbour),
    });
  }
  return found;
}
