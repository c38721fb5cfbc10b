import { Link } from 'react-router';
import { ExternalLink } from 'lucide-react';
import { categoryEmoji, categoryName } from '../../../../common/catalogue';
import { displayName, ownerName } from '../../../../common/display';
import type { ReportItem } from '../../../../common/reports';
import { Badge } from '../../components/ui/badge';
import { paths } from '../../lib/paths';
import { timeAgo } from '../../lib/time';

/**
 * The reported starter on a report's card: its photo and a link to it (the evidence), then
 * category, title, owner and their standing; and the message, for a report about one.
 */
export function ReportedStarter({ report }: { report: ReportItem }) {
  const owner = report.starter.user;
  const photo = report.starter.thumbnailPath ?? report.starter.imagePath;
  return (
    <section
      // One name per card: landmarks on a page must differ.
      aria-label={`Reported starter of report #${report.id}`}
      className="mt-4 rounded-xl border border-border bg-surface-muted/60 p-4"
    >
      <div className="flex flex-col gap-4 sm:flex-row">
        {photo ? (
          <img
            src={photo}
            alt={report.starter.title}
            width={160}
            height={120}
            loading="lazy"
            className="aspect-[4/3] w-full shrink-0 rounded-lg border border-border bg-surface object-cover sm:w-40"
          />
        ) : (
          <div className="flex aspect-[4/3] w-full shrink-0 flex-col items-center justify-center rounded-lg border border-dashed border-border bg-surface text-sm text-muted sm:w-40">
            <span aria-hidden className="text-3xl">
              {categoryEmoji(report.starter.category)}
            </span>
            No photo
          </div>
        )}
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <Badge>
              <span aria-hidden>{categoryEmoji(report.starter.category)}</span>
              {categoryName(report.starter.category)}
            </Badge>
            {report.starter.removedAt && <Badge tone="danger">Removed</Badge>}
          </div>
          <p className="mt-2 font-semibold wrap-anywhere">{report.starter.title}</p>
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
          <Link
            to={paths.starter.href(report.starter.id)}
            aria-label={`Open Listing: ${report.starter.title}`}
            className="mt-2 inline-flex min-h-11 items-center gap-1.5 text-sm font-medium text-accent-hover underline underline-offset-4 dark:text-accent"
          >
            <ExternalLink className="size-4" aria-hidden />
            Open Listing
          </Link>
        </div>
      </div>
      {report.message && (
        <figure className="mt-4 rounded-lg border border-border bg-surface p-3">
          <figcaption className="text-xs text-muted">
            Reported message from {displayName(report.message.sender, 'a member')},{' '}
            <time dateTime={report.message.createdAt}>{timeAgo(report.message.createdAt)}</time>
          </figcaption>
          <blockquote className="mt-1 text-sm wrap-anywhere whitespace-pre-line">
            {report.message.content}
          </blockquote>
        </figure>
      )}
    </section>
  );
}
