import { useId, useState } from 'react';
import { Link } from 'react-router';
import { ExternalLink, Scale, RotateCcw, ShieldCheck } from 'lucide-react';
import { categoryEmoji } from '../../../../common/catalogue';
import { displayName } from '../../../../common/display';
import {
  appealStatuses,
  type AppealDecision,
  type AppealItem,
  type AppealStatus,
} from '../../../../common/moderation';
import { removalReasonLabel } from '../../../../common/removal-reasons';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { toast, toastError } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { paths } from '../../lib/paths';
import { timeAgo } from '../../lib/time';
import { useAppeals, useDecideAppeal } from './moderation-api';
import { StatusFilter } from './status-filter';

const filterLabel: Record<AppealStatus, string> = {
  open: 'Open Appeals',
  decided: 'Answered Appeals',
};

const decisionLabel: Record<AppealDecision, string> = {
  restored: 'Restored',
  upheld: 'Removal upheld',
};

function AppealCard({ appeal }: { appeal: AppealItem }) {
  const decide = useDecideAppeal();
  const [choice, setChoice] = useState<AppealDecision | null>(null);
  const photo = appeal.starter.thumbnailPath ?? appeal.starter.imagePath;
  const act = (decision: AppealDecision) => {
    setChoice(decision);
    decide.mutate(
      { id: appeal.id, decision },
      {
        onSuccess: () =>
          toast({
            title: 'Success!',
            description:
              decision === 'restored'
                ? 'The starter is listed again and its owner has been told.'
                : 'The removal stands and its owner has been told.',
          }),
        onError: (err) => toastError(errorMessage(err, 'Failed to answer the appeal')),
      },
    );
  };
  return (
    <Card className="p-5 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold wrap-anywhere">
          Appeal for &ldquo;{appeal.starter.title}&rdquo;
        </h2>
        {appeal.decision ? (
          <Badge tone={appeal.decision === 'restored' ? 'sage' : 'muted'}>
            {decisionLabel[appeal.decision]}
          </Badge>
        ) : (
          <Badge tone="accent">Open</Badge>
        )}
      </div>
      <div className="mt-4 flex flex-col gap-4 sm:flex-row">
        {photo ? (
          <img
            src={photo}
            alt={appeal.starter.title}
            width={160}
            height={120}
            loading="lazy"
            className="aspect-[4/3] w-full shrink-0 rounded-lg border border-border object-cover sm:w-40"
          />
        ) : (
          <div className="flex aspect-[4/3] w-full shrink-0 items-center justify-center rounded-lg border border-dashed border-border text-3xl sm:w-40">
            <span aria-hidden>{categoryEmoji(appeal.starter.category)}</span>
            <span className="sr-only">No photo</span>
          </div>
        )}
        <dl className="grid flex-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
          <dt className="font-medium text-muted">Removed for</dt>
          <dd className="font-semibold">{removalReasonLabel(appeal.reason)}</dd>
          <dt className="font-medium text-muted">Removed</dt>
          <dd>
            <time dateTime={appeal.removedAt}>{timeAgo(appeal.removedAt)}</time>
            {appeal.removedBy && ` by ${displayName(appeal.removedBy, 'a moderator')}`}
          </dd>
          {appeal.note && (
            <>
              <dt className="font-medium text-muted">Moderator&apos;s note</dt>
              <dd className="wrap-anywhere whitespace-pre-line">{appeal.note}</dd>
            </>
          )}
          <dt className="font-medium text-muted">Owner</dt>
          <dd>{displayName(appeal.owner, 'a member')}</dd>
          <dt className="font-medium text-muted">Appeal</dt>
          <dd>
            <blockquote className="rounded-lg border border-border bg-surface-muted/60 p-3 wrap-anywhere whitespace-pre-line">
              {appeal.appeal.text}
            </blockquote>
            <time dateTime={appeal.appeal.createdAt} className="mt-1 block text-xs text-muted">
              Sent {timeAgo(appeal.appeal.createdAt)}
            </time>
          </dd>
        </dl>
      </div>
      <Link
        to={paths.starter.href(appeal.starter.id)}
        aria-label={`Open Listing: ${appeal.starter.title}`}
        className="mt-3 inline-flex min-h-11 items-center gap-1.5 text-sm font-medium text-accent-hover underline underline-offset-4 dark:text-accent"
      >
        <ExternalLink className="size-4" aria-hidden />
        Open Listing
      </Link>
      {appeal.decision ? (
        appeal.decidedAt && (
          <p className="mt-3 text-xs text-muted">
            {decisionLabel[appeal.decision]} by {displayName(appeal.decidedBy, 'a moderator')}{' '}
            {timeAgo(appeal.decidedAt)}
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
              {decide.isPending && choice === 'restored' ? 'Restoring...' : 'Restore Starter'}
            </Button>
            <Button
              size="sm"
              variant="outline"
              disabled={decide.isPending}
              onClick={() => act('upheld')}
            >
              <ShieldCheck className="size-4" aria-hidden />
              {decide.isPending && choice === 'upheld' ? 'Upholding...' : 'Uphold Removal'}
            </Button>
          </div>
          <p className="mt-2 text-xs text-muted">
            Either way the owner is told by email, and the decision goes in the audit log.
          </p>
        </>
      )}
    </Card>
  );
}

/** Owners' replies to removals: the moderators restore the listing or keep it down. */
export function AppealsTab() {
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
      {appeals.isLoading ? (
        <Skeleton className="h-56" />
      ) : appeals.isError || !appeals.data ? (
        <Card className="p-8 text-center">
          <p className="font-semibold">Failed to load appeals</p>
          <Button className="mt-4" variant="outline" onClick={() => void appeals.refetch()}>
            Try Again
          </Button>
        </Card>
      ) : appeals.data.length > 0 ? (
        <ul className="grid gap-4" aria-label={filterLabel[status]}>
          {appeals.data.map((appeal) => (
            <li key={appeal.id}>
              <AppealCard appeal={appeal} />
            </li>
          ))}
        </ul>
      ) : (
        <Card className="p-10 text-center">
          <div className="mx-auto mb-4 flex size-14 items-center justify-center rounded-full bg-sage-soft">
            <Scale className="size-6 text-sage" aria-hidden />
          </div>
          <h2 className="text-lg font-semibold">
            {status === 'open' ? 'No open appeals' : 'No answered appeals'}
          </h2>
          {status === 'open' && (
            <p className="mt-1 text-muted">When an owner appeals a removal, it shows up here.</p>
          )}
        </Card>
      )}
    </div>
  );
}
