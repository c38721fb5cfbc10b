import { useId, useState } from 'react';
import { Scale, RotateCcw, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { displayName } from '../../../../common/members/display';
import {
  appealStatuses,
  type AppealDecision,
  type AppealItem,
  type AppealStatus,
} from '../../../../common/moderation/moderation';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { toast, toastError } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { useMessageText } from '../../lib/message-text';
import { timeAgo } from '../../lib/time';
import { useAppeals, useDecideAppeal } from './moderation-api';
import { ModerationList } from './moderation-list';
import { OpenListingLink, StarterThumb } from './moderated-listing';
import { StatusFilter } from './status-filter';
import { useRemovalReasonLabel } from './texts';

function AppealCard({ appeal }: { appeal: AppealItem }) {
  const { t } = useTranslation('moderation');
  const say = useMessageText();
  const removalReasonLabel = useRemovalReasonLabel();
  const decide = useDecideAppeal();
  const [choice, setChoice] = useState<AppealDecision | null>(null);
  const act = (decision: AppealDecision) => {
    setChoice(decision);
    void decide.mutateAsync({ id: appeal.id, decision }).then(
      () =>
        toast({
          title: t('shared.success'),
          description:
            decision === 'restored' ? t('appeals.restoredToast') : t('appeals.upheldToast'),
        }),
      (err: unknown) => toastError(say(errorMessage(err, t('appeals.failed')))),
    );
  };
  return (
    <Card className="p-5 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold wrap-anywhere">
          {t('appeals.title', { title: appeal.starter.title })}
        </h2>
        {appeal.decision ? (
          <Badge tone={appeal.decision === 'restored' ? 'sage' : 'muted'}>
            {t(`appeals.decision.${appeal.decision}`)}
          </Badge>
        ) : (
          <Badge tone="accent">{t('appeals.open')}</Badge>
        )}
      </div>
      <div className="mt-4 flex flex-col gap-4 sm:flex-row">
        <StarterThumb starter={appeal.starter} />
        <dl className="grid flex-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
          <dt className="font-medium text-muted">{t('appeals.removedFor')}</dt>
          <dd className="font-semibold">{removalReasonLabel(appeal.reason)}</dd>
          <dt className="font-medium text-muted">{t('appeals.removed')}</dt>
          <dd>
            <time dateTime={appeal.removedAt}>{timeAgo(appeal.removedAt)}</time>
            {appeal.removedBy &&
              ` ${t('appeals.removedBy', { name: displayName(appeal.removedBy, t('people.aModerator')) })}`}
          </dd>
          {appeal.note && (
            <>
              <dt className="font-medium text-muted">{t('appeals.note')}</dt>
              <dd className="wrap-anywhere whitespace-pre-line">{appeal.note}</dd>
            </>
          )}
          <dt className="font-medium text-muted">{t('appeals.owner')}</dt>
          <dd>{displayName(appeal.owner, t('people.aMember'))}</dd>
          <dt className="font-medium text-muted">{t('appeals.appeal')}</dt>
          <dd>
            <blockquote className="rounded-lg border border-border bg-surface-muted/60 p-3 wrap-anywhere whitespace-pre-line">
              {appeal.appeal.text}
            </blockquote>
            <time dateTime={appeal.appeal.createdAt} className="mt-1 block text-xs text-muted">
              {t('appeals.sent', { time: timeAgo(appeal.appeal.createdAt) })}
            </time>
          </dd>
        </dl>
      </div>
      <OpenListingLink starter={appeal.starter} className="mt-3" />
      {appeal.decision ? (
        appeal.decidedAt && (
          <p className="mt-3 text-xs text-muted">
            {t(`appeals.decidedBy.${appeal.decision}`, {
              name: displayName(appeal.decidedBy, t('people.aModerator')),
              time: timeAgo(appeal.decidedAt),
            })}
          </p>
        )
      ) : (
        <>
          <div className="mt-4 flex flex-wrap gap-2">
            <Button
              size="sm"
              variant="secondary"
              disabled={decide.isPending}
              onClick={() => act('restored')}
            >
              <RotateCcw className="size-4" aria-hidden />
              {decide.isPending && choice === 'restored'
                ? t('appeals.restoring')
                : t('appeals.restore')}
            </Button>
            <Button
              size="sm"
              variant="outline"
              disabled={decide.isPending}
              onClick={() => act('upheld')}
            >
              <ShieldCheck className="size-4" aria-hidden />
              {decide.isPending && choice === 'upheld'
                ? t('appeals.upholding')
                : t('appeals.uphold')}
            </Button>
          </div>
          <p className="mt-2 text-xs text-muted">{t('appeals.eitherWay')}</p>
        </>
      )}
    </Card>
  );
}

/** Owners' replies to removals: the moderators restore the listing or keep it down. */
export function AppealsTab() {
  const { t } = useTranslation('moderation');
  const filterLabel = {
    open: t('appeals.filter.open'),
    decided: t('appeals.filter.decided'),
  } satisfies Record<AppealStatus, string>;
  const id = useId();
  const [status, setStatus] = useState<AppealStatus>('open');
  const appeals = useAppeals(status);
  return (
    <div className="grid gap-5">
      <StatusFilter
        id={`${id}-status`}
        value={status}
        statuses={appealStatuses}
        labels={filterLabel}
        onChange={setStatus}
      />
      <ModerationList
        query={appeals}
        label={filterLabel[status]}
        failed={t('appeals.loadFailed')}
        empty={{
          icon: Scale,
          title: status === 'open' ? t('appeals.emptyOpen') : t('appeals.emptyDecided'),
          text: status === 'open' ? t('appeals.emptyText') : undefined,
        }}
      >
        {(appeal) => <AppealCard appeal={appeal} />}
      </ModerationList>
    </div>
  );
}
