import { and, eq, or } from 'drizzle-orm';
import { BLOCKED_BY_THEM, BLOCKED_BY_YOU } from '../../../common/blocks';
import type { DbOrTx } from '../db/client';
import { blocks } from '../db/schema';
import { forbidden } from '../errors';

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
 * Throws 403 when either member blocked the other: a block stops messages both ways, so the
 * blocker cannot keep writing to someone who cannot answer. The blocked member learns only
 * that this member is not taking their messages.
 */
export async function assertMayMessage(db: DbOrTx, me: string, them: string): Promise<void> {
  const { byMe, byThem } = await blockBetween(db, me, them);
  if (byThem) throw forbidden(BLOCKED_BY_THEM);
  if (byMe) throw forbidden(BLOCKED_BY_YOU);
}
