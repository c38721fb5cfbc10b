import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MessageCircle } from 'lucide-react';
import { displayName } from '../../../../common/members/display';
import type { Conversation, ConversationStage } from '../../../../common/conversations/messages';
import { Avatar } from '../../components/ui/avatar';
import { Button } from '../../components/ui/button';
import { RoundIcon } from '../../components/ui/message-card';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';
import { timeAgo } from '../../lib/time';
import { paths } from '../../lib/paths';

export function conversationHref(c: Pick<Conversation, 'starterId' | 'otherUser'>) {
  return paths.conversation.href(c.starterId, c.otherUser.id);
}

const STAGE_TONES: Record<ConversationStage, string> = {
  asked: 'bg-surface-muted text-text',
  reserved: 'bg-accent-soft text-accent-hover dark:text-accent',
  given: 'bg-sage-soft text-sage',
};

/** Where the hand-over with this person stands, for the owner scanning their inbox. */
function StageChip({ stage }: { stage: ConversationStage }) {
  const { t } = useTranslation('conversations');
  return (
    <span
      className={cn('shrink-0 rounded-full px-2 py-0.5 text-xs font-medium', STAGE_TONES[stage])}
    >
      {t(`list.stage.${stage}`)}
    </span>
  );
}

/** The member's own last message was held by screening: it waits, or was turned down. */
function ReviewChip({ review }: { review: NonNullable<Conversation['review']> }) {
  const { t } = useTranslation('conversations');
  return (
    <span
      className={cn(
        'shrink-0 rounded-full px-2 py-0.5 text-xs font-medium',
        review === 'waiting' ? 'bg-surface-muted text-text' : 'bg-danger-soft text-danger',
      )}
    >
      {t(`list.review.${review}`)}
    </span>
  );
}

export function ConversationList({
  conversations,
  isLoading,
  isError,
  onRetry,
  selected,
}: {
  conversations: Conversation[] | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  selected: { starterId: number; withId: string | null } | null;
}) {
  const { t } = useTranslation('conversations');
  if (isLoading) {
    return (
      <div className="grid gap-2 p-3" role="status" aria-label={t('list.loading')}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-20" />
        ))}
      </div>
    );
  }
  if (isError) {
    return (
      <div className="grid justify-items-center gap-3 p-6 text-center">
        <p className="text-danger">{t('list.failed')}</p>
        <Button variant="outline" size="sm" onClick={onRetry}>
          {t('tryAgain')}
        </Button>
      </div>
    );
  }
  if (!conversations?.length) {
    return (
      <div className="grid justify-items-center gap-2 px-6 py-12 text-center">
        <RoundIcon icon={MessageCircle} tone="accent" />
        <h2 className="text-lg font-semibold">{t('list.emptyTitle')}</h2>
        <p className="text-sm text-muted">{t('list.emptyText')}</p>
        <Button asChild size="sm" className="mt-3">
          <Link to={paths.browse}>{t('list.browse')}</Link>
        </Button>
      </div>
    );
  }
  return (
    <ul className="divide-y divide-border" aria-label={t('list.label')}>
      {conversations.map((c) => {
        const isSelected =
          !!selected &&
          selected.starterId === c.starterId &&
          (selected.withId === null || selected.withId === c.otherUser.id);
        const owner = c.role === 'owner';
        return (
          <li key={`${c.starterId}:${c.otherUser.id}`}>
            <Link
              to={conversationHref(c)}
              aria-current={isSelected ? 'page' : undefined}
              className={cn(
                'flex gap-3 px-4 py-3 transition-colors hover:bg-surface-muted',
                isSelected && 'bg-accent-soft hover:bg-accent-soft',
              )}
            >
              <Avatar person={c.otherUser} />
              <div className="min-w-0 flex-1">
                <div className="flex items-center justify-between gap-2">
                  {/* The owner hears from several people about one listing: lead with who. */}
                  <p className="flex min-w-0 items-center gap-2">
                    <span className="truncate font-semibold">
                      {owner ? displayName(c.otherUser, t('someone')) : c.starterTitle}
                    </span>
                    {owner && c.stage && !c.review && <StageChip stage={c.stage} />}
                    {c.review && <ReviewChip review={c.review} />}
                  </p>
                  {c.unreadCount > 0 && (
                    <span className="inline-flex min-w-5 shrink-0 items-center justify-center rounded-full bg-accent px-1.5 text-xs leading-5 font-semibold text-accent-fg">
                      {c.unreadCount}
                      <span className="sr-only">{t('list.unread')}</span>
                    </span>
                  )}
                </div>
                <p
                  className={cn(
                    'truncate text-sm',
                    c.unreadCount > 0 ? 'font-medium text-text' : 'text-muted',
                  )}
                >
                  {c.lastMessage.content || t('list.sentPhoto')}
                </p>
                <p className="mt-0.5 truncate text-xs text-muted">
                  {owner ? c.starterTitle : displayName(c.otherUser, t('someone'))} ·{' '}
                  <time dateTime={c.lastMessage.createdAt}>{timeAgo(c.lastMessage.createdAt)}</time>
                </p>
              </div>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
