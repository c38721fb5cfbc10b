import { migrationsAtHead } from '../../db/client';
import type { AppDeps } from '../../deps';

export type NotReadyReason = 'unavailable' | 'migrations_pending';

/**
 * Why this copy should not get traffic now, or null when it should: the database answers and
 * holds every migration this build ships.
 */
export async function notReadyReason(
  deps: Pick<AppDeps, 'database'>,
): Promise<NotReadyReason | null> {
  try {
    await deps.database.ping();
  } catch {
    return 'unavailable';
  }
  try {
    return (await migrationsAtHead(deps.database.db)) ? null : 'migrations_pending';
  } catch {
    // No migrations table yet: nothing has been migrated.
    return 'migrations_pending';
  }
}
