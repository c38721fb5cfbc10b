import { createContext, useContext, type ComponentType, type ReactNode } from 'react';
import type { Starter } from '../../../../common/listings/starters';

export interface StarterDialogProps {
  starter: Starter;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The dialogs a starter's buttons open. They belong to other features (messages, reports), so
 * the page composes them in rather than this feature importing them.
 */
export interface StarterDialogs {
  MessageDialog: ComponentType<StarterDialogProps>;
  ReportDialog: ComponentType<StarterDialogProps>;
  /** The owner's "given to someone not on CultureShare" (hand-overs). */
  GiveElsewhereDialog?: ComponentType<StarterDialogProps>;
  /** A member's reliability on the "Shared by" card (hand-overs). */
  MemberSummary?: ComponentType<{ userId: string; name: string }>;
  /** A hook: false when a block stands between the viewer and `userId` (no Message button). */
  useIsReachable?: (userId: string) => boolean;
  /** On the starter's page: the culture it grew from and its family tree (lineage). */
  FamilyLinks?: ComponentType<{ starter: Starter; isOwner: boolean }>;
  /** On a removed starter's page, for its owner: which rule, and their appeal (moderation). */
  RemovalNotice?: ComponentType<{ starter: Starter; isOwner: boolean }>;
}

const none = () => null;
const StarterDialogsContext = createContext<StarterDialogs>({
  MessageDialog: none,
  ReportDialog: none,
});

export function StarterDialogsProvider({
  dialogs,
  children,
}: {
  dialogs: StarterDialogs;
  children: ReactNode;
}) {
  return <StarterDialogsContext value={dialogs}>{children}</StarterDialogsContext>;
}

export function useStarterDialogs(): StarterDialogs {
  return useContext(StarterDialogsContext);
}
