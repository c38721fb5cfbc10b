import type { AppDeps } from '../../../deps';
import { spendLinks } from '../auth/email-links';
import { removeAllPasskeys } from '../passkeys/passkeys.service';
import { endOtherSessions } from './sessions.service';

/**
 * "Sign out all other devices": every other session ends, and the member having shown control
 * spends any link that would move the account back to an old address; with `removePasskeys`
 * every passkey goes too (one a thief added would otherwise sign them straight back in).
 */
export async function signOutOthers(
  { db }: Pick<AppDeps, 'db'>,
  userId: string,
  currentHash: string | null,
  { removePasskeys = false }: { removePasskeys?: boolean },
): Promise<{ ended: number; passkeys: number }> {
  return db.transaction(async (tx) => {
    const ended = await endOtherSessions({ db: tx }, userId, currentHash);
    await spendLinks(tx, userId, { undo: true });
    const passkeys = removePasskeys ? await removeAllPasskeys(tx, userId) : 0;
    return { ended, passkeys };
  });
}
