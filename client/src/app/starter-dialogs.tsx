import type { ReactNode } from 'react';
import { MessageOwnerDialog } from '../features/messages/message-owner-dialog';
import { ReportDialog } from '../features/reports/report-dialog';
import {
  StarterDialogsProvider,
  type StarterDialogProps,
  type StarterDialogs,
} from '../features/starters/starter-dialogs';
import { StarterSummary } from '../features/starters/starter-summary';

const dialogs: StarterDialogs = {
  MessageDialog: (props: StarterDialogProps) => (
    <MessageOwnerDialog {...props} summary={<StarterSummary starter={props.starter} />} />
  ),
  ReportDialog: (props: StarterDialogProps) => (
    <ReportDialog {...props} summary={<StarterSummary starter={props.starter} />} />
  ),
};

/**
 * Gives the starters feature's buttons the messages and reports dialogs. Pages that show
 * starters wrap themselves in it; it is not app-wide so the dialogs stay out of the first load.
 */
export function WithStarterDialogs({ children }: { children: ReactNode }) {
  return <StarterDialogsProvider dialogs={dialogs}>{children}</StarterDialogsProvider>;
}
