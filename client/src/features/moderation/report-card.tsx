import { useState } from 'react';
import { Ban, CheckCircle2, Eye, Trash2, UserX } from 'lucide-react';
import { reportReasons } from '../../../../common/catalogue';
import { displayName, ownerName } from '../../../../common/display';
import type { ReportItem } from '../../../../common/reports';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { toast, toastError } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { timeAgo } from '../../lib/time';
import { useUpdateReportStatus } from './moderation-api';
import { RemoveStarterDialog } from './remove-starter-dialog';
import { ReportedStarter } from './reported-starter';
import { SanctionDialog } from './sanction-dialog';

const statusTone = { pending: 'accent', reviewed: 'sage', resolved: 'muted' } as const;
const statusLabel = { pending: 'Pending', reviewed: 'Reviewed', resolved: 'Resolved' } as const;

export function reasonLabel(value: string): string {
  return reportReasons.find((r) => r.value === value)?.label ?? value;
}

/**
 * What each action means, under the buttons and read with each of them: "Mark as Reviewed"
 * and "Resolve" both close a report without removing anything, which moderators mixed up.
 */
function ActionHelp({ id, canRemove }: { id: string; canRemove: boolean }) {
  return (
    <ul className="mt-3 grid gap-1 text-xs text-muted">
      <li id={`${id}-reviewed`}>
        <strong className="font-semibold text-text">Mark as Reviewed:</strong> you looked and no
        rule is broken. The starter stays listed and the reporter is told.
      </li>
      <li id={`${id}-resolve`}>
        <strong className="font-semibold text-text">Resolve:</strong> the problem was settled
        without removing the starter (the owner fixed it, or it is already gone). The reporter is
        told.
      </li>
      {canRemove && (
        <li id={`${id}-remove`}>
          <strong className="font-semibold text-text">Remove Starter:</strong> takes it down for the
          rule you choose. The owner is told why and may appeal once; every report on it is
          resolved.
        </li>
      )}
    </ul>
  );
}

/** One report as spec §2 shows it; status actions only while it is pending. */
export function ReportCard({
  report,
  onHandled,
}: {
  report: ReportItem;
  /** Called before the list changes, so focus can move on from the card's vanishing buttons. */
  onHandled?: (reportId: number) => void;
}) {
  const update = useUpdateReportStatus();
  const [sanctionOpen, setSanctionOpen] = useState(false);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const busy = update.isPending;
  const hintId = `report-${report.id}-help`;
  const owner = report.starter.user;

  const onUpdated = () => {
    onHandled?.(report.id);
    toast({ title: 'Success!', description: 'Report has been updated.' });
  };
  const onFailed = (err: unknown) => toastError(errorMessage(err, 'Failed to update report'));

  return (
    <Card className="p-5 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-3">
          {/* h2 after the page's h1; focusable so focus can land here after an action. */}
          <h2 id={`report-${report.id}-title`} tabIndex={-1} className="text-lg font-semibold">
            Report #{report.id}
          </h2>
          <Badge tone={statusTone[report.status]}>{statusLabel[report.status]}</Badge>
        </div>
        <time dateTime={report.createdAt} className="text-sm text-muted">
          {timeAgo(report.createdAt)}
        </time>
      </div>

      <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="font-medium text-muted">Reason</dt>
        <dd className="font-semibold">{reasonLabel(report.reason)}</dd>
        <dt className="font-medium text-muted">Reported by</dt>
        <dd>{displayName(report.reporter, 'Unknown')}</dd>
        {report.description && (
          <>
            <dt className="font-medium text-muted">Description</dt>
            <dd className="wrap-anywhere whitespace-pre-line">{report.description}</dd>
          </>
        )}
      </dl>

      <ReportedStarter report={report} />

      {report.reviewer && report.reviewedAt && report.status !== 'pending' && (
        <p className="mt-3 text-xs text-muted">
          {statusLabel[report.status]} by {displayName(report.reviewer, 'a moderator')}{' '}
          {timeAgo(report.reviewedAt)}
        </p>
      )}

      <div className="mt-5 flex flex-wrap gap-2">
        {report.status === 'pending' && (
          <>
            <Button
              size="sm"
              variant="outline"
              aria-describedby={`${hintId}-reviewed`}
              disabled={busy}
              onClick={() =>
                update.mutate(
                  { id: report.id, status: 'reviewed' },
                  { onSuccess: onUpdated, onError: onFailed },
                )
              }
            >
              <Eye className="size-4" aria-hidden />
              Mark as Reviewed
            </Button>
            <Button
              size="sm"
              variant="secondary"
              aria-describedby={`${hintId}-resolve`}
              disabled={busy}
              onClick={() =>
                update.mutate(
                  { id: report.id, status: 'resolved' },
                  { onSuccess: onUpdated, onError: onFailed },
                )
              }
            >
              <CheckCircle2 className="size-4" aria-hidden />
              Resolve
            </Button>
            {!report.starter.removedAt && (
              <Button
                size="sm"
                variant="destructive"
                aria-describedby={`${hintId}-remove`}
                disabled={busy}
                onClick={() => setConfirmRemove(true)}
              >
                <Trash2 className="size-4" aria-hidden />
                Remove Starter
              </Button>
            )}
          </>
        )}
        {!owner.isModerator && !owner.bannedAt && !owner.suspendedUntil && (
          <Button size="sm" variant="ghost" onClick={() => setSanctionOpen(true)}>
            <UserX className="size-4" aria-hidden />
            Suspend or Ban Owner
          </Button>
        )}
        {owner.bannedAt && (
          <span className="inline-flex items-center gap-1 text-sm text-danger">
            <Ban className="size-4" aria-hidden /> Owner banned
          </span>
        )}
      </div>
      {report.status === 'pending' && (
        <ActionHelp id={hintId} canRemove={!report.starter.removedAt} />
      )}
      <RemoveStarterDialog
        report={report}
        open={confirmRemove}
        onOpenChange={setConfirmRemove}
        onRemoved={onUpdated}
        onFailed={onFailed}
      />
      <SanctionDialog
        target={{ userId: owner.id, name: ownerName(owner), reportId: report.id }}
        open={sanctionOpen}
        onOpenChange={setSanctionOpen}
      />
    </Card>
  );
}
