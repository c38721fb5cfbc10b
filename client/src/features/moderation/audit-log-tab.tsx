import { ScrollText } from 'lucide-react';
import { displayName } from '../../../../common/display';
import type { AuditEntry } from '../../../../common/moderation';
import { removalReasonLabel } from '../../../../common/removal-reasons';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { timeAgo } from '../../lib/time';
import { useAuditLog } from './moderation-api';

function describe(entry: AuditEntry): string {
  const member = displayName(entry.targetUser, 'a member');
  const report = entry.reportId ? ` (report #${entry.reportId})` : '';
  const details = entry.details ?? {};
  switch (entry.action) {
    case 'report_status':
      return `marked report #${entry.reportId} as ${String(details.to ?? 'updated')}`;
    case 'remove_starter':
      return `removed the starter “${entry.starter?.title ?? 'deleted starter'}”${report}${
        typeof details.rule === 'string' ? ` for ${removalReasonLabel(details.rule)}` : ''
      }`;
    case 'suspend': {
      const days = Number(details.days);
      return `suspended ${member} for ${days === 1 ? '1 day' : `${days} days`}${report}`;
    }
    case 'ban':
      return `banned ${member}${report}`;
    case 'lift_sanction':
      return `lifted the ${details.kind === 'ban' ? 'ban' : 'suspension'} on ${member}`;
    case 'restore_starter':
      return `restored the starter “${entry.starter?.title ?? 'deleted starter'}” on appeal`;
    case 'uphold_removal':
      return `upheld the removal of “${entry.starter?.title ?? 'deleted starter'}” on appeal`;
  }
}

/** Who did what, when and why. */
export function AuditLogTab() {
  const log = useAuditLog();
  if (log.isLoading) return <Skeleton className="h-40" />;
  if (log.isError || !log.data) return <p className="text-danger">Failed to load the audit log</p>;
  if (log.data.length === 0) {
    return (
      <Card className="p-10 text-center">
        <div className="mx-auto mb-4 flex size-14 items-center justify-center rounded-full bg-accent-soft">
          <ScrollText className="size-6 text-accent" aria-hidden />
        </div>
        <h3 className="text-lg font-semibold">No moderator actions yet</h3>
      </Card>
    );
  }
  return (
    <Card>
      <ol aria-label="Moderator actions, newest first" className="divide-y divide-border">
        {log.data.map((entry) => (
          <li key={entry.id} className="grid gap-1 p-4 sm:grid-cols-[1fr_auto] sm:gap-4">
            <div className="min-w-0">
              <p className="text-sm">
                <span className="font-semibold">
                  {displayName(entry.moderator, 'A former moderator')}
                </span>{' '}
                {describe(entry)}
              </p>
              {entry.reason && (
                <p className="mt-1 text-sm wrap-anywhere text-muted">Why: {entry.reason}</p>
              )}
            </div>
            <time
              dateTime={entry.createdAt}
              title={new Date(entry.createdAt).toLocaleString()}
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
