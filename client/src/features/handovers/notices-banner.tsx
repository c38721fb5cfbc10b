import { format } from 'date-fns';
import { Link } from 'react-router';
import type { Notice } from '../../../../common/notices';
import { Button } from '../../components/ui/button';
import { toastFailure } from '../../components/ui/toast';
import { paths } from '../../lib/paths';
import { useConfirmHandover, useNotices } from './handovers-api';

export function noticeText(notice: Notice): string {
  switch (notice.kind) {
    case 'expires_soon':
      return `${notice.starterTitle} leaves browse and search on ${format(new Date(notice.availableUntil!), 'EEEE d MMMM')}. Still have some to share? Press “Still available” to keep it listed.`;
    case 'expired':
      return `${notice.starterTitle} is no longer listed. If you still have some to share, press “Still available” to list it again.`;
    case 'confirm_handover':
      return `Did “${notice.starterTitle}” reach you?`;
  }
}

/** "Did it reach you?" answered where it is asked, as the thread's own buttons do. */
function ConfirmHandover({ notice }: { notice: Notice }) {
  const confirm = useConfirmHandover();
  const answer = (received: boolean) =>
    confirm.mutate(
      { id: notice.handoverId!, received },
      { onError: toastFailure('Failed to confirm') },
    );
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
      <span>{noticeText(notice)}</span>
      <span className="flex gap-2">
        <Button disabled={confirm.isPending} onClick={() => answer(true)}>
          Received
        </Button>
        <Button variant="outline" disabled={confirm.isPending} onClick={() => answer(false)}>
          It didn’t happen
        </Button>
      </span>
    </div>
  );
}

/**
 * Under the header on every page for a signed-in member with something to do about their
 * listings or hand-overs. A hand-over is confirmed right here; a listing's renewal is done on
 * the profile.
 */
export function NoticesBanner({
  signedIn,
  withHandovers = true,
}: {
  signedIn: boolean;
  /** False where the thread asks the same question with its own buttons (/messages). */
  withHandovers?: boolean;
}) {
  const { data } = useNotices(signedIn);
  const notices = data?.filter((n) => withHandovers || n.kind !== 'confirm_handover');
  if (!signedIn || !notices?.length) return null;
  const aboutListings = notices.some((n) => n.kind !== 'confirm_handover');
  return (
    <aside aria-label="Notices" className="border-b border-border bg-accent-soft px-4 py-2 text-sm">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2">
        <ul className="space-y-2">
          {notices.map((n) => (
            <li key={`${n.kind}-${n.starterId}-${n.handoverId ?? ''}`}>
              {n.kind === 'confirm_handover' && n.handoverId !== null ? (
                <ConfirmHandover notice={n} />
              ) : (
                noticeText(n)
              )}
            </li>
          ))}
        </ul>
        {aboutListings && (
          <Link
            to={paths.profile}
            className="inline-flex min-h-11 items-center font-medium underline underline-offset-2"
          >
            Go to your profile
          </Link>
        )}
      </div>
    </aside>
  );
}
