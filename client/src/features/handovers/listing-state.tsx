import { useId, useState } from 'react';
import { differenceInCalendarDays } from 'date-fns';
import { BellRing, Plus, RefreshCw } from 'lucide-react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Field, fieldAria, Input } from '../../components/ui/form-controls';
import { toast, toastError } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import type { ListingHandoverFields } from './handover-types';
import { useAddPortions, useRenewListing } from './handovers-api';

export interface ListingStateStarter extends ListingHandoverFields {
  id: number;
  title: string;
  isClaimed: boolean;
}

/** Days before the end when the owner is reminded, as the site's notice and by mail. */
export const REMINDER_DAYS = 2;

/** "available", "1 reserved", "given out", "expired" for the owner's list. */
export function listingStateText(starter: ListingStateStarter): string {
  if (starter.isClaimed || starter.status === 'claimed') return 'given out';
  if (starter.status === 'expired') return 'expired';
  const portions = starter.portions ?? 1;
  const left = starter.portionsLeft ?? portions;
  const reserved = starter.status === 'reserved' || left < portions ? portions - left : 0;
  return reserved > 0 ? `${reserved} reserved` : 'available';
}

function daysLeft(until: string | undefined, now: Date): number | null {
  return until ? differenceInCalendarDays(new Date(until), now) : null;
}

/**
 * Under each of the owner's listings: its state, who asked, the reminder before it ends, the
 * "Still available" renewal once expired, and "my grains grew" (more portions).
 */
export function ListingState({
  starter,
  askers = [],
  now = new Date(),
}: {
  starter: ListingStateStarter;
  askers?: string[];
  now?: Date;
}) {
  const renew = useRenewListing();
  const claimed = starter.isClaimed || starter.status === 'claimed';
  const expired = !claimed && starter.status === 'expired';
  const days = claimed ? null : daysLeft(starter.availableUntil, now);
  const soon = !expired && days !== null && days <= REMINDER_DAYS;
  const state = listingStateText(starter);

  const stillAvailable = () =>
    renew.mutate(starter.id, {
      onSuccess: () =>
        toast({ title: 'Renewed', description: `“${starter.title}” is listed again.` }),
      onError: (err) => toastError(errorMessage(err, 'Failed to renew')),
    });

  return (
    <div className="mt-2 grid gap-2 rounded-2xl border border-border bg-surface px-4 py-3 text-sm">
      <p className="flex flex-wrap items-center gap-2">
        <Badge tone={expired ? 'danger' : claimed ? 'sage' : 'muted'}>{state}</Badge>
        {!claimed && starter.portions !== undefined && (
          <span className="text-muted">
            {starter.portionsLeft ?? starter.portions} of {starter.portions} left
          </span>
        )}
      </p>
      {askers.length > 0 && (
        <p className="text-muted">
          Asked by <span className="text-text">{askers.join(', ')}</span>
        </p>
      )}
      {soon && (
        <p role="status" className="flex items-center gap-2 rounded-lg bg-accent-soft/60 p-2">
          <BellRing className="size-4 shrink-0" aria-hidden />
          {days! <= 0
            ? 'This listing ends today. Is it still available?'
            : `This listing ends in ${days} day${days === 1 ? '' : 's'}. Is it still available?`}
        </p>
      )}
      {expired && (
        <p className="text-muted">This listing has ended and no longer shows in browse.</p>
      )}
      {!claimed && (
        <div className="flex flex-wrap gap-2">
          {(expired || soon) && (
            <Button size="sm" disabled={renew.isPending} onClick={stillAvailable}>
              <RefreshCw className="size-4" aria-hidden />
              Still available
            </Button>
          )}
          <AddPortions starterId={starter.id} />
        </div>
      )}
    </div>
  );
}

/** "My grains grew": the owner adds portions to a listing. */
function AddPortions({ starterId }: { starterId: number }) {
  const id = useId();
  const add = useAddPortions();
  const [open, setOpen] = useState(false);
  const [count, setCount] = useState('1');
  const n = Number(count);
  const valid = Number.isInteger(n) && n >= 1 && n <= 19;
  if (!open) {
    return (
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        <Plus className="size-4" aria-hidden />
        Add portions
      </Button>
    );
  }
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (!valid) return;
        add.mutate(
          { starterId, add: n },
          {
            onSuccess: () => {
              setOpen(false);
              toast({ title: 'Portions added', description: 'Thank you for sharing more!' });
            },
            onError: (err) => toastError(errorMessage(err, 'Failed to add portions')),
          },
        );
      }}
    >
      <Field
        id={`${id}-add`}
        label="My grains grew: how many more portions?"
        error={valid ? undefined : 'Between 1 and 19'}
      >
        <Input
          {...fieldAria(`${id}-add`, valid ? undefined : 'Between 1 and 19')}
          type="number"
          min={1}
          max={19}
          inputMode="numeric"
          value={count}
          onChange={(e) => setCount(e.target.value)}
          className="w-24"
        />
      </Field>
      <Button size="sm" type="submit" disabled={!valid || add.isPending}>
        Add
      </Button>
      <Button size="sm" variant="ghost" onClick={() => setOpen(false)}>
        Cancel
      </Button>
    </form>
  );
}
