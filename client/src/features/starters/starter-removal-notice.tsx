import type { Starter } from '../../../../common/listings/starters';
import { useStarterDialogs } from './starter-dialogs';

/** Where the moderation feature's notice goes on the starter's page (composed in by the app). */
export function StarterRemovalNotice({ starter, isOwner }: { starter: Starter; isOwner: boolean }) {
  const { RemovalNotice } = useStarterDialogs();
  return RemovalNotice ? <RemovalNotice starter={starter} isOwner={isOwner} /> : null;
}
