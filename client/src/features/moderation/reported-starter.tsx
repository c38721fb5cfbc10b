import { categoryEmoji, categoryName } from '../../../../common/catalogue';
import { ownerName } from '../../../../common/display';
import type { ReportItem } from '../../../../common/reports';
import { Badge } from '../../components/ui/badge';

/** The reported starter on a report's card: category, title, owner and their standing. */
export function ReportedStarter({ report }: { report: ReportItem }) {
  const owner = report.starter.user;
  return (
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
  );
}
