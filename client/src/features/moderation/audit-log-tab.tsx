import { ScrollText } from 'lucide-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { displayName } from '../../../../common/members/display';
import type { AuditEntry } from '../../../../common/moderation/moderation';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/message-card';
import { Skeleton } from '../../components/ui/skeleton';
import { timeAgo } from '../../lib/time';
import { useAuditLog } from './moderation-api';
import { useDateText, useRemovalReasonLabel } from './texts';

const auditStatuses = ['pending', 'reviewed', 'resolved', 'updated'] as const;

/** "reviewed", "resolved"…: a report's new status in the sentence; any other value as it is. */
function statusWord(to: unknown, t: TFunction<'moderation'>): string {
  const status = String(to ?? 'updated');
  return (auditStatuses as readonly string[]).includes(status)
    ? t(`audit.statuses.${status as (typeof auditStatuses)[number]}`)
    : status;
}

function describe(
  entry: AuditEntry,
  t: TFunction<'moderation'>,
  removalReasonLabel: (value: string) => string,
): string {
  const member = displayName(entry.targetUser, t('people.aMember'));
  // 'none' leaves the "(report #3)" out of the sentence.
  const report = entry.reportId ? String(entry.reportId) : 'none';
  const title = entry.starter?.title ?? t('audit.deletedStarter');
  const details = entry.details ?? {};
  switch (entry.action) {
    case 'report_status':
      return t('audit.reportStatus', { id: entry.reportId, status: statusWord(details.to, t) });
    case 'remove_starter':
      return t('audit.removeStarter', {
        title,
        report,
        rule: typeof details.rule === 'string' ? removalReasonLabel(details.rule) : 'none',
      });
    case 'suspend':
      return t('audit.suspend', { member, days: Number(details.days), report });
    case 'ban':
      return t('audit.ban', { member, report });
    case 'lift_sanction':
      return t(details.kind === 'ban' ? 'audit.liftBan' : 'audit.liftSuspension', { member });
    case 'restore_starter':
      return t('audit.restoreStarter', { title });
    case 'uphold_removal':
      return t('audit.upholdRemoval', { title });
    case 'release_message':
      return t('audit.releaseMessage', { member });
    case 'reject_message':
      return t('audit.rejectMessage', { member });
    case 'release_starter':
      return t('audit.releaseStarter', { title });
    case 'reject_starter':
      return t('audit.rejectStarter', { title });
    case 'screening_rule':
      return t('audit.screeningRule', { rule: String(details.rule ?? t('audit.aRule')) });
    case 'set_trust':
      return t('audit.setTrust', { member, level: String(details.level ?? '') });
    case 'appoint_steward':
      return t('audit.appointSteward', {
        member,
        place: String(details.place ?? ''),
        radius: Number(details.radiusKm),
      });
    case 'remove_steward':
      return t('audit.removeSteward', { member, place: String(details.place ?? '') });
  }
}

/** Who did what, when and why. */
export function AuditLogTab() {
  const { t } = useTranslation('moderation');
  const removalReasonLabel = useRemovalReasonLabel();
  const { dateTime } = useDateText();
  const log = useAuditLog();
  if (log.isLoading) return <Skeleton className="h-40" />;
  if (log.isError || !log.data) return <p className="text-danger">{t('audit.failed')}</p>;
  if (log.data.length === 0) {
    return <EmptyState icon={ScrollText} titleAs="h3" title={t('audit.empty')} />;
  }
  return (
    <Card>
      <ol aria-label={t('audit.list')} className="divide-y divide-border">
        {log.data.map((entry) => (
          <li key={entry.id} className="grid gap-1 p-4 sm:grid-cols-[1fr_auto] sm:gap-4">
            <div className="min-w-0">
              <p className="text-sm">
                <span className="font-semibold">
                  {displayName(entry.moderator, t('people.formerModerator'))}
                </span>{' '}
                {entry.details?.steward === true && `${t('audit.asSteward')} `}
                {describe(entry, t, removalReasonLabel)}
              </p>
              {entry.reason && (
                <p className="mt-1 text-sm wrap-anywhere text-muted">
                  {t('audit.why', { reason: entry.reason })}
                </p>
              )}
            </div>
            <time
              dateTime={entry.createdAt}
              title={dateTime(entry.createdAt)}
              className="text-xs text-muted sm:text-sm"
            >
              {timeAgo(entry.createdAt)}
            </time>
          </li>
        ))}
      </ol>
    </Card>
  );
}
