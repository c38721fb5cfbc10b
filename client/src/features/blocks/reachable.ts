import { useCurrentUser } from '../../lib/current-user';
import { useUnreachable } from './blocks-api';

/**
 * Whether the signed-in member may be offered a Message button to `userId`: not when a block
 * stands between them, either way round. Until the list arrives it says yes: the server
 * refuses a blocked message all the same, and cards should not flicker in.
 */
export function useIsReachable(userId: string): boolean {
  const { isSignedIn } = useCurrentUser();
  const { data } = useUnreachable(isSignedIn);
  return !(isSignedIn && data?.memberIds.includes(userId));
}
