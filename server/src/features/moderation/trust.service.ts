import { eq } from 'drizzle-orm';
import type { TrustLevel } from '../../../../common/members/trust';
import { assertModerator } from '../../access/members';
import { trustLevelOf } from '../../access/trust';
import * as clock from '../../clock/clock';
import type { AppDeps } from '../../deps';
import { moderationActions, users } from '../../db/schema';
import { forbidden, notFound } from '../../errors';
import type { SessionUser } from '../../plugins/sessions';

/**
 * POST /api/moderation/members/:id/trust: a moderator sets (or lowers) a member's level; it
 * stands over the rule from then on. The reason and the level before go to the audit log.
 */
export async function setTrustLevel(
  deps: Pick<AppDeps, 'db'>,
  actor: SessionUser,
  input: { id: string; level: TrustLevel; reason: string },
): Promise<{ id: string; level: TrustLevel }> {
  assertModerator(actor);
  return deps.db.transaction(async (tx) => {
    const [member] = await tx
      .select()
      .from(users)
      .where(eq(users.id, input.id))
      .for('update')
      .limit(1);
    if (!member || member.scrubbedAt) throw notFound('Member not found');
    if (member.id === actor.id) throw forbidden("You can't set your own trust level");
    const before = await trustLevelOf(tx, member);
    await tx
      .update(users)
      .set({ trustLevelSet: input.level, updatedAt: clock.sqlNow() })
      .where(eq(users.id, member.id));
    await tx.insert(moderationActions).values({
      moderatorId: actor.id,
      action: 'set_trust',
      targetUserId: member.id,
      reason: input.reason,
      details: { level: input.level, before },
    });
    return { id: member.id, level: input.level };
  });
}
