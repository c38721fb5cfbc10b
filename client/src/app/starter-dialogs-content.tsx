import { useQueryClient } from '@tanstack/react-query';
import { ownerName } from '../../../common/display';
import { MemberReliability } from '../features/handovers/member-reliability';
import { MessageOwnerDialog } from '../features/messages/message-owner-dialog';
import { moderationKeys } from '../features/moderation/moderation-api';
import { ReportDialog } from '../features/reports/report-dialog';
import type { StarterDialogProps } from '../features/starters/starter-dialogs';
import { StarterSummary } from '../features/starters/starter-summary';

// The dialogs a starter's buttons open, loaded when one first opens (see starter-dialogs.tsx).

export function MessageDialog(props: StarterDialogProps) {
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

export function StarterReportDialog(props: StarterDialogProps) {
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
