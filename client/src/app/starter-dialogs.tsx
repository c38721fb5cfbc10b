import type { ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ownerName } from '../../../common/display';
import { GiveElsewhereDialog } from '../features/handovers/give-elsewhere-dialog';
import { useIsReachable } from '../features/handovers/reachable';
import { MemberReliability } from '../features/handovers/member-reliability';
import { MessageOwnerDialog } from '../features/messages/message-owner-dialog';
import { moderationKeys } from '../features/moderation/moderation-api';
import { ReportDialog } from '../features/reports/report-dialog';
import {
  StarterDialogsProvider,
  type StarterDialogProps,
  type StarterDialogs,
} from '../features/starters/starter-dialogs';
import { StarterSummary } from '../features/starters/starter-summary';
import { WithHandovers } from './handover-composition';

function MessageDialog(props: StarterDialogProps) {
  return (
    <MessageOwnerDialog
      {...props}
      summary={
        <>
          <StarterSummary starter={props.starter} />
          <MemberReliability
            userId={props.starter.userId}
            name={ownerName(props.starter.user)}
            className="mt-2 px-1"
          />
        </>
      }
    />
  );
}

function StarterReportDialog(props: StarterDialogProps) {
  const queryClient = useQueryClient();
  return (
    <ReportDialog
      {...props}
      summary={<StarterSummary starter={props.starter} />}
      // A moderator who reports sees the new report on the dashboard without a reload.
      onReported={() => void queryClient.invalidateQueries({ queryKey: moderationKeys.all })}
    />
  );
}

function MemberSummary({ userId, name }: { userId: string; name: string }) {
  return <MemberReliability userId={userId} name={name} />;
}

const dialogs: StarterDialogs = {
  MessageDialog,
  ReportDialog: StarterReportDialog,
  GiveElsewhereDialog,
  MemberSummary,
  useIsReachable,
};

/**
 * Gives the starters feature's buttons the messages and reports dialogs. Pages that show
 * starters wrap themselves in it; it is not app-wide so the dialogs stay out of the first load.
 */
export function WithStarterDialogs({ children }: { children: ReactNode }) {
  return (
    <WithHandovers>
      <StarterDialogsProvider dialogs={dialogs}>{children}</StarterDialogsProvider>
    </WithHandovers>
  );
}
