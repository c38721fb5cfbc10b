import { useCurrentUser } from '../lib/current-user';
import { cn } from '../lib/cn';
import { BlockMemberButton } from '../features/blocks/block-member-button';
import { ReliabilitySummary } from '../features/handovers/reliability-summary';

/**
 * A member's reliability where someone decides whether to ask them (the "Shared by" card, the
 * message dialog), with Block / Unblock next to it, confirmed as in a thread.
 */
export function MemberReliability({
  userId,
  name,
  className,
  withBlock = true,
}: {
  userId: string;
  name: string;
  className?: string;
  /** False in a first-contact dialog: Block there was one Enter away from the message box. */
  withBlock?: boolean;
}) {
  const { user } = useCurrentUser();
  return (
    <div className={cn('grid gap-1', className)}>
      <ReliabilitySummary userId={userId} />
      {withBlock && user && user.id !== userId && (
        <div className="-ms-3">
          <BlockMemberButton memberId={userId} name={name} />
        </div>
      )}
    </div>
  );
}
