import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Notice } from '../../../../common/conversations/notices';
import { Button } from '../../components/ui/button';
import { HeadedSection } from '../../components/ui/headed-section';
import { toastFailure } from '../../components/ui/toast';
import { paths } from '../../lib/paths';
import { memberLocale } from '../../lib/i18n';
import { conversationsT, type ConversationsT } from '../../lib/conversations-t';
import { useConfirmHandover, useNotices } from './handovers-api';

export function noticeText(notice: Notice, t: ConversationsT = conversationsT): string {
  const title = notice.starterTitle;
  switch (notice.kind) {
    case 'expires_soon': {
      const date = new Date(notice.availableUntil!).toLocaleDateString(memberLocale(), {
        weekday: 'long',
        day: 'numeric',
        month: 'long',
      });
      return t('notices.expiresSoon', { title, date });
    }
    case 'expired':
      return t('notices.expired', { title });
    case 'confirm_handover':
      return t('notices.confirm', { title });
  }
}

/** "Did it reach you?" answered where it is asked, as the thread's own buttons do. */
function ConfirmHandover({ notice }: { notice: Notice }) {
  const { t } = useTranslation('conversations');
  const confirm = useConfirmHandover();
  const answer = (received: boolean) =>
    confirm.mutate(
      { id: notice.handoverId!, received },
      { onError: toastFailure(t('member.confirmFailed')) },
    );
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
      <span>{noticeText(notice, t)}</span>
      <span className="flex gap-2">
        <Button disabled={confirm.isPending} onClick={() => answer(true)}>
          {t('notices.received')}
        </Button>
        <Button variant="outline" disabled={confirm.isPending} onClick={() => answer(false)}>
          {t('notices.didntHappen')}
        </Button>
      </span>
    </div>
  );
}

/**
 * The notification centre's "To do": a signed-in member's listings about to leave browse and
 * hand-overs waiting for their answer. A hand-over is confirmed right here; a listing's renewal
 * is done on the profile. Nothing when there is nothing to do.
 */
export function NoticesPanel() {
  const { t } = useTranslation('conversations');
  const { data: notices } = useNotices(true);
  if (!notices?.length) return null;
  const aboutListings = notices.some((n) => n.kind !== 'confirm_handover');
  return (
    <HeadedSection
      title={t('notices.todo')}
      className="rounded-xl border border-border bg-accent-soft px-4 py-3 text-sm"
      headingClassName="mb-2 text-lg font-semibold"
    >
      <ul className="space-y-2">
        {notices.map((n) => (
          <li key={`${n.kind}-${n.starterId}-${n.handoverId ?? ''}`}>
            {n.kind === 'confirm_handover' && n.handoverId !== null ? (
              <ConfirmHandover notice={n} />
            ) : (
              noticeText(n, t)
            )}
          </li>
        ))}
      </ul>
      {aboutListings && (
        <Link
          to={paths.profile}
          className="inline-flex min-h-11 items-center font-medium underline underline-offset-2"
        >
          {t('notices.profile')}
        </Link>
      )}
    </HeadedSection>
  );
}
