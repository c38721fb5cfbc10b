/**
 * What a starter's dialogs show beside the other features' own dialogs: the starter summarised,
 * its owner's reliability, the sign-in choices. Loaded later with the dialogs themselves
 * (starter-dialogs.tsx), so none of it is part of a page's first load (decision 101).
 */
import { ownerName } from '../../../common/members/display';
import { ConfirmEmailNotice } from '../features/account/auth/confirm-email-notice';
import { SignInChoices } from '../features/account/auth/sign-in-choices';
import { MessageOwnerDialog } from '../features/messages/message-owner-dialog';
import { ReportDialog } from '../features/reports/report-dialog';
import type { StarterDialogProps } from '../features/starters/starter-dialogs';
import { StarterSummary } from '../features/starters/starter-summary';
import { MemberReliability } from './member-reliability';
import { paths } from '../lib/paths';

/**
 * The starter's Message Owner button opens this: the messages feature's dialog, summarised.
 * No Block in a first contact (the thread has it); signing in or joining from here comes back
 * to this starter with the dialog open.
 */
export function MessageDialog(props: StarterDialogProps) {
  const back = paths.starterDialog.href(props.starter.id, 'message');
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
            withBlock={false}
          />
        </>
      }
      signInChoices={<SignInChoices next={back} />}
      unconfirmedNotice={<ConfirmEmailNotice action="sendMessages" next={back} />}
    />
  );
}

export function StarterReportDialog(props: StarterDialogProps) {
  return (
    <ReportDialog
      {...props}
      summary={<StarterSummary starter={props.starter} />}
      signInChoices={<SignInChoices next={paths.starterDialog.href(props.starter.id, 'report')} />}
    />
  );
}

export function MemberSummary({ userId, name }: { userId: string; name: string }) {
  return <MemberReliability userId={userId} name={name} />;
}
