import { format } from 'date-fns';
import { Link } from 'react-router';
import type { Notice } from '../../../../common/notices';
import { paths } from '../../lib/paths';
import { useNotices } from './handovers-api';

export function noticeText(notice: Notice): string {
  switch (notice.kind) {
    case 'expires_soon':
      return `${notice.starterTitle} leaves browse and search on ${format(new Date(notice.availableUntil!), 'EEEE d MMMM')}. Still have some to share? Press “Still available” to keep it listed.`;
    case 'expired':
      return `${notice.starterTitle} is no longer listed. If you still have some to share, press “Still available” to list it again.`;
    case 'confirm_handover':
      return `Did “${notice.starterTitle}” reach you? Let the giver know with “Received” or “It didn't happen”.`;
  }
}

/**
 * Under the header on every page for a signed-in member with something to do about their
 * listings or hand-overs; the profile is where each is done.
 */
export function NoticesBanner({ signedIn }: { signedIn: boolean }) {
  const { data: notices } = useNotices(signedIn);
  if (!signedIn || !notices?.length) return null;
  return (
    <aside aria-label="Notices" className="border-b border-border bg-accent-soft px-4 py-2 text-sm">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2">
        <ul className="space-y-1">
          {notices.map((n) => (
            <li key={`${n.kind}-${n.starterId}-${n.handoverId ?? ''}`}>{noticeText(n)}</li>
          ))}
        </ul>
        <Link to={paths.profile} className="font-medium underline underline-offset-2">
          Go to your profile
        </Link>
      </div>
    </aside>
  );
}
