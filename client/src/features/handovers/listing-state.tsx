import { useId, useMemo, useState } from 'react';
import { BellRing, Plus, RefreshCw } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/form-controls';
import { toast, toastError } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { daysLeft, renewalDue } from '../../lib/renewal';
import { showServerFieldErrors, useZodForm } from '../../lib/use-zod-form';
import { displayName } from '../../../../common/members/display';
import {
  addPortionsSchema,
  PORTIONS_MAX,
  type StarterActivity,
} from '../../../../common/conversations/handovers';
import type { Starter } from '../../../../common/listings/starters';
import { useAddPortions, useRenewListing } from './handovers-api';
import { conversationsT, type ConversationsT } from '../../lib/conversations-t';

/** "available", "1 portion reserved", "given out", "expired" for the owner's list. */
export function listingStateText(starter: Starter, t: ConversationsT = conversationsT): string {
  if (starter.isClaimed || starter.status === 'claimed') return t('listing.givenOut');
  if (starter.status === 'expired') return t('listing.expired');
  return starter.portionsReserved > 0
    ? t('listing.reserved', { count: starter.portionsReserved })
    : t('listing.available');
}

/**
 * Under each of the owner's listings: its state, who asked, the reminder before it ends, the
 * "Still available" renewal once expired, and "my grains grew" (more portions).
 */
export function ListingState({
  starter,
  activity,
  now = new Date(),
}: {
  starter: Starter;
  /** Who asked and the renewals left, from the owner's activity once loaded. */
  activity?: StarterActivity;
  now?: Date;
}) {
  const { t } = useTranslation('conversations');
  const askers = (activity?.askers ?? []).map((a) => displayName(a.user, t('someone')));
  const renew = useRenewListing();
  const claimed = starter.isClaimed || starter.status === 'claimed';
  const expired = !claimed && starter.status === 'expired';
  const days = claimed ? null : daysLeft(starter.availableUntil, now);
  const soon = !expired && renewalDue(days);
  const canRenew = (activity?.renewalsLeft ?? 1) > 0;
  const state = listingStateText(starter, t);

  const stillAvailable = () =>
    renew.mutate(starter.id, {
      onSuccess: () =>
        toast({
          title: t('success'),
          description: t('listing.listedAgain', { title: starter.title }),
        }),
      onError: (err) => toastError(errorMessage(err, t('listing.renewFailed'))),
    });

  return (
    <div className="mt-2 grid gap-2 rounded-2xl border border-border bg-surface px-4 py-3 text-sm">
      <p className="flex flex-wrap items-center gap-2">
        <Badge tone={expired ? 'danger' : claimed ? 'sage' : 'muted'}>{state}</Badge>
        {!claimed && (
          <span className="text-muted">
            {t('listing.left', { left: starter.portionsLeft, total: starter.portions })}
          </span>
        )}
      </p>
      {askers.length > 0 && (
        <p className="text-muted">
          <Trans
            t={t}
            i18nKey="listing.askedBy"
            values={{ names: askers.join(', ') }}
            components={{ names: <span className="text-text" /> }}
          />
        </p>
      )}
      {soon && (
        <p role="status" className="flex items-center gap-2 rounded-lg bg-accent-soft/60 p-2">
          <BellRing className="size-4 shrink-0" aria-hidden />
          {days! <= 0 ? t('listing.endsToday') : t('listing.endsIn', { count: days! })}
        </p>
      )}
      {expired && (
        <p className="text-muted">
          {t('listing.ended')}
          {!canRenew && ` ${t('listing.renewedMax')}`}
        </p>
      )}
      {!claimed && (
        <div className="flex flex-wrap gap-2">
          {(expired || soon) && canRenew && (
            <Button size="sm" disabled={renew.isPending} onClick={stillAvailable}>
              <RefreshCw className="size-4" aria-hidden />
              {t('listing.stillAvailable')}
            </Button>
          )}
          {starter.portions < PORTIONS_MAX && (
            <AddPortions starterId={starter.id} max={PORTIONS_MAX - starter.portions} />
          )}
        </div>
      )}
    </div>
  );
}

/** The common rule, and this listing's room: a listing holds at most PORTIONS_MAX portions. */
const addPortionsFormSchema = (max: number) =>
  addPortionsSchema.refine((v) => v.add <= max, {
    error: () => conversationsT('listing.between', { max }),
    path: ['add'],
  });

/** "My grains grew": the owner adds portions to a listing. */
function AddPortions({ starterId, max }: { starterId: number; max: number }) {
  const { t } = useTranslation('conversations');
  const id = useId();
  const add = useAddPortions();
  const [open, setOpen] = useState(false);
  const schema = useMemo(() => addPortionsFormSchema(max), [max]);
  const form = useZodForm(schema, { defaultValues: { add: 1 }, mode: 'onChange' });
  if (!open) {
    return (
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        <Plus className="size-4" aria-hidden />
        {t('listing.addPortions')}
      </Button>
    );
  }
  const onSubmit = form.handleSubmit(({ add: n }) =>
    add.mutate(
      { starterId, add: n },
      {
        onSuccess: () => {
          setOpen(false);
          form.reset();
          toast({ title: t('success'), description: t('listing.added') });
        },
        onError: (err) => {
          showServerFieldErrors(form, err, ['add']);
          toastError(errorMessage(err, t('listing.addFailed')));
        },
      },
    ),
  );
  return (
    <form className="flex flex-wrap items-end gap-2" noValidate onSubmit={onSubmit}>
      <TextField
        form={form}
        name="add"
        id={`${id}-add`}
        label={t('listing.grew')}
        type="number"
        min={1}
        max={max}
        inputMode="numeric"
        className="[&_input]:w-24"
      />
      <Button size="sm" type="submit" disabled={add.isPending}>
        {t('listing.add')}
      </Button>
      <Button size="sm" variant="ghost" onClick={() => setOpen(false)}>
        {t('cancel')}
      </Button>
    </form>
  );
}
