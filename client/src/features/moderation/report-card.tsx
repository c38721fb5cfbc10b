import { useState } from 'react';
import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { Ban, CheckCircle2, Eye, Trash2, UserX } from 'lucide-react';
import { categoryEmoji, categoryName, reportReasons } from '../../../../common/catalogue';
import { displayName, ownerName } from '../../../../common/display';
import type { ReportItem } from '../../../../common/reports';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { toast, toastError } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { timeAgo } from '../../lib/time';
import { useRemoveStarter, useUpdateReportStatus } from './moderation-api';
import { SanctionDialog } from './sanction-dialog';
import { useReturnFocus } from '../../lib/return-focus';

const statusTone = { pending: 'accent', reviewed: 'sage', resolved: 'muted' } as const;
const statusLabel = { pending: 'Pending', reviewed: 'Reviewed', resolved: 'Resolved' } as const;

export function reasonLabel(value: string): string {
  return reportReasons.find((r) => r.value === value)?.label ?? value;
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
  const remove = useRemoveStarter();
  const [sanctionOpen, setSanctionOpen] = useState(false);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const returnFocus = useReturnFocus();
  const busy = update.isPending || remove.isPending;
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

      <section
        // One name per card: landmarks on a page must differ.
        aria-label={`Reported starter of report #${report.id}`}
        className="mt-4 rounded-xl border border-border bg-surface-muted/60 p-4"
      >
        <div className="flex flex-wrap items-center gap-2">
          <Badge>
            <span aria-hidden>{categoryEmoji(report.starter.category)}</span>
            {categoryName(report.starter.category)}
          </Badge>
          {report.starter.removedAt && <Badge tone="danger">Removed</Badge>}
        </div>
        <p className="mt-2 font-semibold">{report.starter.title}</p>
        <p className="text-sm text-muted">
          Owner: {ownerName(owner)}
          {owner.bannedAt && ' · Banned'}
          {!owner.bannedAt &&
            owner.suspendedUntil &&
            ` · Suspended until ${new Date(owner.suspendedUntil).toLocaleDateString()}`}
        </p>
        <p className="mt-2 line-clamp-4 text-sm wrap-anywhere whitespace-pre-line">
          {report.starter.description}
        </p>
      </section>

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
      <AlertDialog.Root open={confirmRemove} onOpenChange={setConfirmRemove}>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
          <AlertDialog.Content
            {...returnFocus}
            className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-border bg-surface p-6 shadow-xl"
          >
            <AlertDialog.Title className="text-lg font-semibold">Remove Starter</AlertDialog.Title>
            <AlertDialog.Description className="mt-2 text-muted">
              Are you sure you want to remove &ldquo;{report.starter.title}&rdquo;? Members will no
              longer see it, and this report will be resolved.
            </AlertDialog.Description>
            <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <AlertDialog.Cancel asChild>
                <Button variant="outline">Cancel</Button>
              </AlertDialog.Cancel>
              <Button
                variant="destructive"
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(
                    { id: report.id },
                    {
                      onSuccess: () => {
                        setConfirmRemove(false);
                        onUpdated();
                      },
                      onError: onFailed,
                    },
                  )
                }
              >
                Remove Starter
              </Button>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
      <SanctionDialog
        target={{ userId: owner.id, name: ownerName(owner), reportId: report.id }}
        open={sanctionOpen}
        onOpenChange={setSanctionOpen}
      />
    </Card>
  );
}
