import { useState } from 'react';
import { Ban, CheckCircle2, Eye, Trash2, UserX } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { displayName } from '../../../../common/members/display';
import type { ReportItem } from '../../../../common/moderation/reports';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { toast, toastError } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { useMessageText } from '../../lib/message-text';
import { timeAgo } from '../../lib/time';
import { useUpdateReportStatus } from './moderation-api';
import { RemoveStarterDialog } from './remove-starter-dialog';
import { ReportedStarter } from './reported-starter';
import { SanctionDialog } from './sanction-dialog';
import { useReportReasonLabel } from './texts';

const statusTone = { pending: 'accent', reviewed: 'sage', resolved: 'muted' } as const;

/**
 * What each action means, under the buttons and read with each of them: "Mark as Reviewed"
 * and "Resolve" both close a report without removing anything, which moderators mixed up.
 */
function ActionHelp({ id, canRemove }: { id: string; canRemove: boolean }) {
  const { t } = useTranslation('moderation');
  const components = { strong: <strong className="font-semibold text-text" /> };
  return (
    <ul className="mt-3 grid gap-1 text-xs text-muted">
      <li id={`${id}-reviewed`}>
        <Trans t={t} i18nKey="report.helpReviewed" components={components} />
      </li>
      <li id={`${id}-resolve`}>
        <Trans t={t} i18nKey="report.helpResolve" components={components} />
      </li>
      {canRemove && (
        <li id={`${id}-remove`}>
          <Trans t={t} i18nKey="report.helpRemove" components={components} />
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
  const { t } = useTranslation('moderation');
  const say = useMessageText();
  const reasonLabel = useReportReasonLabel();
  const update = useUpdateReportStatus();
  const [sanctionOpen, setSanctionOpen] = useState(false);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const busy = update.isPending;
  const hintId = `report-${report.id}-help`;
  const owner = report.starter.user;

  // Told through the call's own promise: the card has left the list by the time the dashboard's
  // refresh settles, and a vanished card's `mutate` callbacks never run.
  const onUpdated = () => {
    onHandled?.(report.id);
    toast({ title: t('shared.success'), description: t('report.updated') });
  };
  const onFailed = (err: unknown) => toastError(say(errorMessage(err, t('report.updateFailed'))));

  return (
    <Card className="p-5 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-3">
          {/* h2 after the page's h1; focusable so focus can land here after an action. */}
          <h2 id={`report-${report.id}-title`} tabIndex={-1} className="text-lg font-semibold">
            {t('report.title', { id: report.id })}
          </h2>
          <Badge tone={statusTone[report.status]}>{t(`report.status.${report.status}`)}</Badge>
        </div>
        <time dateTime={report.createdAt} className="text-sm text-muted">
          {timeAgo(report.createdAt)}
        </time>
      </div>

      <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="font-medium text-muted">{t('report.reason')}</dt>
        <dd className="font-semibold">{reasonLabel(report.reason)}</dd>
        <dt className="font-medium text-muted">{t('report.reportedBy')}</dt>
        <dd>{displayName(report.reporter, t('people.unknown'))}</dd>
        {report.description && (
          <>
            <dt className="font-medium text-muted">{t('report.description')}</dt>
            <dd className="wrap-anywhere whitespace-pre-line">{report.description}</dd>
          </>
        )}
      </dl>

      <ReportedStarter report={report} />

      {report.reviewer && report.reviewedAt && report.status !== 'pending' && (
        <p className="mt-3 text-xs text-muted">
          {t(`report.handled.${report.status}`, {
            name: displayName(report.reviewer, t('people.aModerator')),
            time: timeAgo(report.reviewedAt),
          })}
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
                void update
                  .mutateAsync({ id: report.id, status: 'reviewed' })
                  .then(onUpdated, onFailed)
              }
            >
              <Eye className="size-4" aria-hidden />
              {t('report.markReviewed')}
            </Button>
            <Button
              size="sm"
              variant="secondary"
              aria-describedby={`${hintId}-resolve`}
              disabled={busy}
              onClick={() =>
                void update
                  .mutateAsync({ id: report.id, status: 'resolved' })
                  .then(onUpdated, onFailed)
              }
            >
              <CheckCircle2 className="size-4" aria-hidden />
              {t('report.resolve')}
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
                {t('report.removeStarter')}
              </Button>
            )}
          </>
        )}
        {!owner.isModerator && !owner.bannedAt && !owner.suspendedUntil && (
          <Button size="sm" variant="ghost" onClick={() => setSanctionOpen(true)}>
            <UserX className="size-4" aria-hidden />
            {t('report.sanctionOwner')}
          </Button>
        )}
        {owner.bannedAt && (
          <span className="inline-flex items-center gap-1 text-sm text-danger">
            <Ban className="size-4" aria-hidden /> {t('report.ownerBanned')}
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
        target={{
          userId: owner.id,
          name: displayName(owner, t('people.anonymous')),
          reportId: report.id,
        }}
        open={sanctionOpen}
        onOpenChange={setSanctionOpen}
      />
    </Card>
  );
}
