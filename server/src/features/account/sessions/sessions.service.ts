import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import type { MemberSession } from '../../../../../common/members/sessions';
import { sessions } from '../../../db/schema';
import type { AppDeps } from '../../../deps';
import { notFound } from '../../../errors';
import type { DbOrTx } from '../../../db/client';
import { describeUserAgent } from './user-agent';

const live = and(gt(sessions.expire, sql`now()`), gt(sessions.absoluteExpire, sql`now()`));

/** The member's live sessions, the most recently used first, the current one marked. */
export async function listSessions(
  { db }: Pick<AppDeps, 'db'>,
  userId: string,
  currentHash: string | null,
): Promise<MemberSession[]> {
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), live))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id));
  return rows.map((row) => ({
    id: row.id,
    current: row.sid === currentHash,
    ...describeUserAgent(row.userAgent),
    place: row.place,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
  }));
}

/** Ends one of the member's own sessions; another member's id is as unknown as a missing one. */
export async function endSession(
  { db }: Pick<AppDeps, 'db'>,
  userId: string,
  id: number,
): Promise<{ sid: string }> {
  const [row] = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.id, id)))
    .returning({ sid: sessions.sid });
  if (!row) throw notFound('Session not found');
  return row;
}

/** Ends every session of the member but the one this request came with. */
export async function endOtherSessions(
  { db }: { db: DbOrTx },
  userId: string,
  currentHash: string | null,
): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(
      currentHash
        ? and(eq(sessions.userId, userId), ne(sessions.sid, currentHash))
        : eq(sessions.userId, userId),
    )
    .returning({ sid: sessions.sid });
  return ended.length;
}
