import { useTranslation } from 'react-i18next';
import { categoryEmoji, findCategory } from '../../../../common/listings/catalogue';
import { displayName } from '../../../../common/members/display';
import type {
  NeighbourMessage,
  ReportedMessage,
  ReportItem,
} from '../../../../common/moderation/reports';
import { Badge } from '../../components/ui/badge';
import { timeAgo } from '../../lib/time';
import { OpenListingLink, StarterThumb } from './moderated-listing';
import { useDateText } from './texts';

/**
 * The reported starter on a report's card: its photo and a link to it (the evidence), then
 * category, title, owner and their standing; and the message, for a report about one.
 */
export function ReportedStarter({ report }: { report: ReportItem }) {
  const { t } = useTranslation('moderation');
  const { t: tCommon } = useTranslation();
  const { date } = useDateText();
  const owner = report.starter.user;
  const ownerName = displayName(owner, t('people.anonymous'));
  return (
    <section
      // One name per card: landmarks on a page must differ.
      aria-label={t('reported.label', { id: report.id })}
      className="mt-4 rounded-xl border border-border bg-surface-muted/60 p-4"
    >
      <div className="flex flex-col gap-4 sm:flex-row">
        <StarterThumb starter={report.starter} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <Badge>
              <span aria-hidden>{categoryEmoji(report.starter.category)}</span>
              {tCommon(`categories.${findCategory(report.starter.category)?.key ?? 'other'}`)}
            </Badge>
            {report.starter.removedAt && <Badge tone="danger">{t('reported.removed')}</Badge>}
          </div>
          <p className="mt-2 font-semibold wrap-anywhere">{report.starter.title}</p>
          <p className="text-sm text-muted">
            {owner.bannedAt
              ? t('reported.ownerBanned', { name: ownerName })
              : owner.suspendedUntil
                ? t('reported.ownerSuspended', {
                    name: ownerName,
                    date: date(owner.suspendedUntil),
                  })
                : t('reported.owner', { name: ownerName })}
          </p>
          <p className="mt-2 line-clamp-4 text-sm wrap-anywhere whitespace-pre-line">
            {report.starter.description}
          </p>
          <OpenListingLink starter={report.starter} className="mt-2" />
        </div>
      </div>
      {report.message && <ReportedMessageView message={report.message} />}
    </section>
  );
}

/** One message of the conversation around a reported one, as a line of context. */
function NeighbourLine({ message }: { message: NeighbourMessage }) {
  const { t } = useTranslation('moderation');
  return (
    <li className="text-sm text-muted">
      <span className="font-medium">{displayName(message.sender, t('people.aMember'))}</span>{' '}
      <time dateTime={message.createdAt} className="text-xs">
        ({timeAgo(message.createdAt)})
      </time>
      : <span className="wrap-anywhere whitespace-pre-line">{message.content}</span>
      {message.photoCount > 0 && (
        <span className="text-xs"> [{t('reported.photos', { count: message.photoCount })}]</span>
      )}
    </li>
  );
}

/**
 * The reported message with its photos (which moderators may open while it is reported) and
 * the messages just before and after it, so it is read in its conversation.
 */
function ReportedMessageView({ message }: { message: ReportedMessage }) {
  const { t } = useTranslation('moderation');
  const sender = displayName(message.sender, t('people.aMember'));
  const photos = message.photos ?? [];
  return (
    <div className="mt-4 grid gap-2">
      {(message.before ?? []).length > 0 && (
        <ol className="grid gap-1" aria-label={t('reported.before')}>
          {message.before!.map((m) => (
            <NeighbourLine key={m.id} message={m} />
          ))}
        </ol>
      )}
      <figure className="rounded-lg border border-border bg-surface p-3">
        <figcaption className="text-xs text-muted">
          {t('reported.messageFrom', { name: sender })}{' '}
          <time dateTime={message.createdAt}>{timeAgo(message.createdAt)}</time>
        </figcaption>
        {message.content && (
          <blockquote className="mt-1 text-sm wrap-anywhere whitespace-pre-line">
            {message.content}
          </blockquote>
        )}
        {photos.length > 0 && (
          <ul className="mt-2 flex flex-wrap gap-2" aria-label={t('reported.photoList')}>
            {photos.map((photo, i) => (
              <li key={photo.url}>
                <a
                  href={photo.url}
                  target="_blank"
                  rel="noreferrer"
                  className="block overflow-hidden rounded-lg"
                  aria-label={t('reported.openPhoto', {
                    number: i + 1,
                    total: photos.length,
                    name: sender,
                  })}
                >
                  <img src={photo.thumbUrl} alt="" className="size-24 object-cover" />
                </a>
              </li>
            ))}
          </ul>
        )}
      </figure>
      {(message.after ?? []).length > 0 && (
        <ol className="grid gap-1" aria-label={t('reported.after')}>
          {message.after!.map((m) => (
            <NeighbourLine key={m.id} message={m} />
          ))}
        </ol>
      )}
    </div>
  );
}
