import type { AppDeps } from '../../deps';

/** Whether this copy can reach its database right now. */
export async function checkReadiness(deps: Pick<AppDeps, 'database'>): Promise<boolean> {
  await deps.database.ping();
  return true;
}
