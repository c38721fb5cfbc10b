import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import {
  BLOCKED_BY_THEM,
  BLOCKED_BY_YOU,
  type BlockedMember,
} from '../../../../common/members/blocks';
import { publicMemberColumns, toPublicMember } from '../../access/public-members';
import type { DbOrTx } from '../../db/client';
import { blocks, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import type { SessionUser } from '../../plugins/sessions';
import { badRequest, forbidden, notFound } from '../../errors';

/** Who blocked whom between two members: nobody, `a` (by me), `b` (by them), or both. */
export async function blockBetween(
  db: DbOrTx,
  me: string,
  them: string,
): Promise<{ byMe: boolean; byThem: boolean }> {
  const rows = await db
    .select({ blockerId: blocks.blockerId })
    .from(blocks)
    .where(
      or(
        and(eq(blocks.blockerId, me), eq(blocks.blockedId, them)),
        and(eq(blocks.blockerId, them), eq(blocks.blockedId, me)),
      ),
    );
  return {
    byMe: rows.some((r) => r.blockerId === me),
    byThem: rows.some((r) => r.blockerId === them),
  };
}

/**
 * The members `memberId` blocked and those who blocked them, as a subquery for `NOT IN`: a
 * block keeps two members apart both ways (messages, alerts, asks, standing-offer turns). Read
 * once per statement through the two indexes, not once per row tested against it.
 */
export function blockedEitherWay(memberId: string): SQL {
  return sql`SELECT b.blocked_id FROM blocks b WHERE b.blocker_id = ${memberId}
    UNION ALL SELECT b.blocker_id FROM blocks b WHERE b.blocked_id = ${memberId}`;
}

/**
 * Throws 403 when either member blocked the other: a block stops messages both ways, so the
 * blocker cannot keep writing to someone who cannot answer. The blocked member learns only
 * that this member is not taking their messages.
 */
export async function assertMayMessage(db: DbOrTx, me: string, them: string): Promise<void> {
  const { byMe, byThem } = await blockBetween(db, me, them);
  if (byThem) throw forbidden(BLOCKED_BY_THEM);
  if (byMe) throw forbidden(BLOCKED_BY_YOU);
}

/** PUT /api/blocks/:memberId: private; the other member is never told. */
export async function blockMember(
  deps: Pick<AppDeps, 'db'>,
  actor: SessionUser,
  input: { memberId: string },
): Promise<void> {
  if (input.memberId === actor.id) throw badRequest("You can't block yourself");
  const [member] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, input.memberId));
  if (!member) throw notFound('Member not found');
  await deps.db
    .insert(blocks)
    .values({ blockerId: actor.id, blockedId: member.id })
    .onConflictDoNothing();
}

/** DELETE /api/blocks/:memberId: reversible at any time. */
export async function unblockMember(
  deps: Pick<AppDeps, 'db'>,
  actor: SessionUser,
  input: { memberId: string },
): Promise<void> {
  await deps.db
    .delete(blocks)
    .where(and(eq(blocks.blockerId, actor.id), eq(blocks.blockedId, input.memberId)));
}

/** GET /api/me/blocks: the members I blocked. */
export async function myBlocks(
  deps: Pick<AppDeps, 'db'>,
  actor: SessionUser,
): Promise<BlockedMember[]> {
  const rows = await deps.db
    .select({ user: publicMemberColumns, blockedAt: blocks.createdAt })
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.blockedId))
    .where(eq(blocks.blockerId, actor.id))
    .orderBy(desc(blocks.createdAt));
  return rows.map((r) => ({ user: toPublicMember(r.user), blockedAt: r.blockedAt.toISOString() }));
}

/** GET /api/me/unreachable: members I cannot message, whoever blocked whom. */
export async function unreachableMembers(
  deps: Pick<AppDeps, 'db'>,
  actor: SessionUser,
): Promise<string[]> {
  const rows = await deps.db
    .select({ blockerId: blocks.blockerId, blockedId: blocks.blockedId })
    .from(blocks)
    .where(or(eq(blocks.blockerId, actor.id), eq(blocks.blockedId, actor.id)));
  return [...new Set(rows.map((r) => (r.blockerId === actor.id ? r.blockedId : r.blockerId)))];
}
