import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Check, ExternalLink, Inbox, X } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { displayName } from '../../../../common/members/display';
import {
  HELD_UNDO_MS,
  type HeldDecision,
  type HeldMessage,
  type HeldStarter,
  type ScreeningCode,
} from '../../../../common/moderation/screening';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Label, NativeSelect } from '../../components/ui/form-controls';
import { EmptyState } from '../../components/ui/message-card';
import { OpenListingLink } from './moderated-listing';
import { useModerationRole, useSuspensionDayChoices } from './moderation-role';
import { Skeleton } from '../../components/ui/skeleton';
import { toast, toastError } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { useMessageText } from '../../lib/message-text';
import { paths } from '../../lib/paths';
import { timeAgo } from '../../lib/time';
import {
  useDecideHeld,
  useDecideHeldStarter,
  useHeldMessages,
  useHeldStarters,
  useUndoHeld,
  type HeldItem,
} from './moderation-api';

function RuleBadges({ codes }: { codes: ScreeningCode[] }) {
  const { t } = useTranslation('moderation');
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label={t('held.rulesFired')}>
      {codes.map((code) => (
        <li key={code}>
          <Badge tone="danger">{t(`screeningRules.${code}.name`)}</Badge>
        </li>
      ))}
    </ul>
  );
}

/** Told once a decision on a held message or listing is recorded, with what it will do. */
type OnDecided = (held: HeldItem, description: string) => void;

/**
 * The one confirmation of a decision on anything held: a toast saying what happens in a minute,
 * whose Undo takes it back until then (the server keeps the minute).
 */
function useConfirmHeldDecision(): OnDecided {
  const { t } = useTranslation('moderation');
  const say = useMessageText();
  const undo = useUndoHeld();
  const onUndo = (held: HeldItem) =>
    undo.mutateAsync({ kind: held.kind, id: held.id }).then(
      () =>
        toast({
          title: t('shared.success'),
          description: held.kind === 'message' ? t('held.undone') : t('held.listing.undone'),
        }),
      (err: unknown) => toastError(say(errorMessage(err, t('held.undoFailed')))),
    );
  return (held, description) =>
    toast({
      title: t('shared.success'),
      description,
      action: { label: t('held.undo'), onClick: () => void onUndo(held) },
      durationMs: HELD_UNDO_MS,
    });
}

/** Release or Reject; while one is being sent both wait, and the one sent says so. */
function DecisionButton({
  decision,
  busy,
  onAct,
  children,
}: {
  decision: HeldDecision;
  /** The decision being sent, if any. */
  busy: HeldDecision | null;
  onAct: (decision: HeldDecision) => void;
  children: string;
}) {
  const { t } = useTranslation('moderation');
  const release = decision === 'release';
  return (
    <Button
      size="sm"
      variant={release ? 'primary' : 'outline'}
      disabled={busy !== null}
      onClick={() => onAct(decision)}
    >
      {release ? <Check className="size-4" aria-hidden /> : <X className="size-4" aria-hidden />}
      {busy !== decision ? children : release ? t('held.releasing') : t('held.rejecting')}
    </Button>
  );
}

function HeldMessageCard({ held, onDecided }: { held: HeldMessage; onDecided: OnDecided }) {
  const { t } = useTranslation('moderation');
  const say = useMessageText();
  const id = useId();
  const decide = useDecideHeld();
  const [choice, setChoice] = useState<HeldDecision | null>(null);
  const busy = decide.isPending ? choice : null;
  const [suspendDays, setSuspendDays] = useState('');
  const dayChoices = useSuspensionDayChoices();
  const senderName = displayName(held.sender, t('people.aMember'));
  const receiverName = displayName(held.receiver, t('people.aMember'));
  const act = (decision: HeldDecision) => {
    setChoice(decision);
    // The card leaves the list as soon as the list reloads, so the answer is awaited here
    // rather than in per-call callbacks, which an unmounted card would never run.
    decide
      .mutateAsync({
        id: held.id,
        decision,
        ...(decision === 'reject' && suspendDays ? { suspendDays: Number(suspendDays) } : {}),
      })
      .then(
        () =>
          onDecided(
            held,
            decision === 'release'
              ? t('held.releasedPending', { name: receiverName })
              : suspendDays
                ? t('held.rejectedSuspendedPending', { name: senderName })
                : t('held.rejectedPending', { name: senderName }),
          ),
        (err: unknown) => toastError(say(errorMessage(err, t('held.failed')))),
      );
  };
  return (
    <Card className="p-5 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold wrap-anywhere">
          {t('held.from', { sender: senderName, receiver: receiverName })}
        </h2>
        <time dateTime={held.createdAt} className="text-sm text-muted">
          {timeAgo(held.createdAt)}
        </time>
      </div>
      <p className="mt-1 text-sm text-muted">
        {t('held.about')}{' '}
        <Link
          to={paths.starter.href(held.starter.id)}
          className="inline-flex min-h-11 items-center gap-1 font-medium text-accent-hover underline underline-offset-4 dark:text-accent"
        >
          {held.starter.title}
          <ExternalLink className="size-3.5" aria-hidden />
        </Link>
      </p>
      <div className="mt-2 grid gap-2">
        <RuleBadges codes={held.codes} />
        {held.strict && <p className="text-xs text-muted">{t('held.strict')}</p>}
      </div>
      <blockquote className="mt-4 rounded-lg border border-danger/40 bg-danger-soft/40 p-3 wrap-anywhere whitespace-pre-line">
        {held.content}
      </blockquote>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <div role="group" aria-labelledby={`${id}-context`}>
          <h3 id={`${id}-context`} className="text-sm font-semibold">
            {t('held.context')}
          </h3>
          {held.context.length === 0 ? (
            <p className="mt-1 text-sm text-muted">{t('held.firstMessage')}</p>
          ) : (
            <ol className="mt-1 grid gap-1.5 text-sm">
              {held.context.map((m, i) => (
                <li key={i} className="rounded-lg bg-surface-muted/60 px-3 py-1.5 wrap-anywhere">
                  <span className="font-medium">
                    {m.senderId === held.sender.id ? senderName : receiverName}:
                  </span>{' '}
                  {m.content}
                </li>
              ))}
            </ol>
          )}
        </div>
        <div role="group" aria-labelledby={`${id}-sender`}>
          <h3 id={`${id}-sender`} className="text-sm font-semibold">
            {t('held.history')}
          </h3>
          <ul className="mt-1 grid gap-0.5 text-sm">
            <li>
              <Trans
                t={t}
                i18nKey="held.joined"
                values={{ time: timeAgo(held.sender.joinedAt) }}
                components={{ time: <time dateTime={held.sender.joinedAt} /> }}
              />
            </li>
            <li>{t('held.delivered', { count: held.sender.messagesSent })}</li>
            <li>{t('held.heldBefore', { count: held.sender.heldBefore })}</li>
            <li>{t('held.rejectedBefore', { count: held.sender.rejectedBefore })}</li>
            <li>{t('held.sanctionsBefore', { count: held.sender.sanctionsBefore })}</li>
          </ul>
        </div>
      </div>
      <div className="mt-5 flex flex-wrap items-end gap-3">
        <DecisionButton decision="release" busy={busy} onAct={act}>
          {t('held.release')}
        </DecisionButton>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-suspend`}>{t('held.whenRejecting')}</Label>
          <NativeSelect
            id={`${id}-suspend`}
            value={suspendDays}
            onChange={(e) => setSuspendDays(e.target.value)}
          >
            <option value="">{t('held.noSuspension')}</option>
            {dayChoices.map((days) => (
              <option key={days} value={days}>
                {t('held.alsoSuspend', { days })}
              </option>
            ))}
          </NativeSelect>
        </div>
        <DecisionButton decision="reject" busy={busy} onAct={act}>
          {t('held.reject')}
        </DecisionButton>
      </div>
    </Card>
  );
}

function HeldStarterCard({ held, onDecided }: { held: HeldStarter; onDecided: OnDecided }) {
  const { t } = useTranslation('moderation');
  const say = useMessageText();
  const decide = useDecideHeldStarter();
  const [choice, setChoice] = useState<HeldDecision | null>(null);
  const busy = decide.isPending ? choice : null;
  const act = (decision: HeldDecision) => {
    setChoice(decision);
    decide.mutateAsync({ id: held.id, decision }).then(
      () =>
        onDecided(
          held,
          decision === 'release'
            ? t('held.listing.releasedPending')
            : t('held.listing.rejectedPending'),
        ),
      (err: unknown) => toastError(say(errorMessage(err, t('held.listing.failed')))),
    );
  };
  return (
    <Card className="p-5 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-lg font-semibold wrap-anywhere">{held.title}</h3>
        <time dateTime={held.createdAt} className="text-sm text-muted">
          {timeAgo(held.createdAt)}
        </time>
      </div>
      <p className="mt-1 text-sm text-muted">
        {t('held.listing.by', {
          name: displayName(held.owner, t('people.aMember')),
          time: timeAgo(held.owner.joinedAt),
        })}
      </p>
      <div className="mt-2">
        <RuleBadges codes={held.codes} />
      </div>
      <p className="mt-3 text-sm wrap-anywhere whitespace-pre-line">{held.description}</p>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <DecisionButton decision="release" busy={busy} onAct={act}>
          {t('held.listing.release')}
        </DecisionButton>
        <DecisionButton decision="reject" busy={busy} onAct={act}>
          {t('held.listing.reject')}
        </DecisionButton>
        <OpenListingLink starter={held} />
      </div>
    </Card>
  );
}

/** What screening held back: messages (and new listings) wait here for a moderator. */
export function HeldTab() {
  const { t } = useTranslation('moderation');
  const held = useHeldMessages();
  // Here rather than in the card: the card has left the list by the time Undo is pressed.
  const onDecided = useConfirmHeldDecision();
  const starters = useHeldStarters();
  const steward = !!useModerationRole().stewardOf;
  return (
    <div className="grid gap-5">
      {held.isLoading ? (
        <Skeleton className="h-56" />
      ) : held.isError || !held.data ? (
        <Card className="p-8 text-center">
          <p className="font-semibold">{t('held.loadFailed')}</p>
          <Button className="mt-4" variant="outline" onClick={() => void held.refetch()}>
            {t('shared.tryAgain')}
          </Button>
        </Card>
      ) : held.data.length > 0 ? (
        <ul className="grid gap-4" aria-label={t('held.list')}>
          {held.data.map((item) => (
            <li key={item.id}>
              <HeldMessageCard held={item} onDecided={onDecided} />
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState
          icon={Inbox}
          tone="sage"
          titleAs="h2"
          title={t('held.empty')}
          text={t(steward ? 'held.emptyTextSteward' : 'held.emptyText')}
        />
      )}
      {starters.data && starters.data.length > 0 && (
        <section aria-labelledby="held-listings" className="grid gap-3">
          <h2 id="held-listings" className="text-xl font-semibold">
            {t('held.listings')}
          </h2>
          <ul className="grid gap-4">
            {starters.data.map((item) => (
              <li key={item.id}>
                <HeldStarterCard held={item} onDecided={onDecided} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
