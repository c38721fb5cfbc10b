import { useId, useState, type ComponentType } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, MoreHorizontal } from 'lucide-react';
import type { PublicUser } from '../../../../common/members/users';
import { Avatar } from '../../components/ui/avatar';
import { Button } from '../../components/ui/button';
import { paths } from '../../lib/paths';

/** What a conversation about a starter shows beyond messages; the page composes it in. */
export interface ThreadExtras {
  /** Under the other member's name in the header (their reliability). */
  Summary?: ComponentType<{ userId: string }>;
  /** A bar under the header (reserve, give, confirm …). */
  Toolbar?: ComponentType<{ meId: string; starterId: number; otherId: string; otherName: string }>;
  /** Rarely used actions about the other member (block), folded under the header's ⋯ button. */
  More?: ComponentType<{ otherId: string; otherName: string }>;
}

/**
 * The thread's header: back to the list (on a phone), who and what the talk is about, and a ⋯
 * button that unfolds the other member's summary, the starter's link and rarely used actions.
 */
export function ThreadHeader({
  title,
  other,
  otherName,
  starterId,
  receiverId,
  extras,
}: {
  title: string;
  other: PublicUser | undefined;
  otherName: string;
  starterId: number;
  receiverId: string | null;
  extras: ThreadExtras;
}) {
  const { t } = useTranslation('conversations');
  const moreId = useId();
  const [moreOpen, setMoreOpen] = useState(false);
  return (
    <div className="border-b border-border">
      <div className="flex items-center gap-2 px-2 py-1.5 sm:gap-3 sm:px-4">
        <Button asChild variant="ghost" size="icon" className="size-11 shrink-0 md:hidden">
          <Link to={paths.messages} aria-label={t('thread.back')}>
            <ArrowLeft className="size-5 rtl:-scale-x-100" aria-hidden />
          </Link>
        </Button>
        {other && <Avatar person={other} />}
        <div className="min-w-0 flex-1">
          <h2 className="truncate leading-tight font-semibold">{title}</h2>
          {other && <p className="truncate text-sm text-muted">{otherName}</p>}
        </div>
        <Button
          variant="ghost"
          size="icon"
          className="size-11 shrink-0"
          aria-label={t('thread.options')}
          aria-expanded={moreOpen}
          aria-controls={moreId}
          onClick={() => setMoreOpen((open) => !open)}
        >
          <MoreHorizontal className="size-5" aria-hidden />
        </Button>
      </div>
      {/* The facts and rarely used actions fold away so a phone keeps room for the talk. */}
      <div
        id={moreId}
        hidden={!moreOpen}
        className="grid gap-1 border-t border-border px-4 py-2 text-sm"
      >
        {other && extras.Summary && <extras.Summary userId={other.id} />}
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Link
            to={paths.starter.href(starterId)}
            className="inline-flex min-h-11 items-center text-accent-hover underline-offset-2 hover:underline dark:text-accent"
          >
            {t('thread.viewStarter')}
          </Link>
          {receiverId && extras.More && <extras.More otherId={receiverId} otherName={otherName} />}
        </div>
      </div>
    </div>
  );
}
