import { useId, useState, type FormEvent } from 'react';
import {
  createSanctionSchema,
  MODERATION_REASON_MAX_LENGTH,
  SUSPENSION_DAY_CHOICES,
  type SanctionKind,
} from '../../../../common/moderation';
import { Button } from '../../components/ui/button';
import { Dialog, DialogActions, DialogContent } from '../../components/ui/dialog';
import { Field, fieldAria, NativeSelect, Textarea } from '../../components/ui/form-controls';
import { toast, toastError } from '../../components/ui/toast';
import { ApiError, errorMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import { useCreateSanction } from './moderation-api';

export interface SanctionTarget {
  userId: string;
  name: string;
  reportId?: number;
}

/** Suspend a member for a chosen period, or ban them; a reason is always required. */
export function SanctionDialog({
  target,
  open,
  onOpenChange,
}: {
  target: SanctionTarget;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={`Sanction ${target.name}`}
        description="Their sessions end at once; they cannot sign in, post, message or report until the sanction ends or is lifted."
      >
        {open && <SanctionForm target={target} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function SanctionForm({ target, onDone }: { target: SanctionTarget; onDone: () => void }) {
  const id = useId();
  const [kind, setKind] = useState<SanctionKind>('suspension');
  const [days, setDays] = useState<number>(7);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateSanction();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const input = {
      userId: target.userId,
      kind,
      reason,
      days: kind === 'suspension' ? days : undefined,
      reportId: target.reportId,
    };
    const parsed = createSanctionSchema.safeParse(input);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    create.mutate(input, {
      onSuccess: (sanction) => {
        toast({
          title: 'Success!',
          description:
            sanction.kind === 'ban'
              ? `${target.name} has been banned.`
              : `${target.name} is suspended until ${new Date(sanction.endsAt!).toLocaleString()}.`,
        });
        onDone();
      },
      onError: (err) => {
        if (err instanceof ApiError && err.fields) setErrors(err.fields);
        toastError(errorMessage(err, 'Failed to sanction member'));
      },
    });
  }

  const reasonId = `${id}-reason`;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      <fieldset>
        <legend className="mb-2 text-sm font-medium">Sanction</legend>
        <div className="grid grid-cols-2 gap-2">
          {(
            [
              ['suspension', 'Suspend'],
              ['ban', 'Ban'],
            ] as const
          ).map(([value, label]) => (
            <label
              key={value}
              className={cn(
                'flex cursor-pointer items-center gap-2 rounded-xl border border-border p-3 text-sm font-medium hover:bg-surface-muted',
                kind === value && 'border-accent bg-accent-soft/60',
              )}
            >
              <input
                type="radio"
                name={`${id}-kind`}
                value={value}
                checked={kind === value}
                onChange={() => setKind(value)}
                className="size-4 accent-[var(--accent)]"
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>

      {kind === 'suspension' && (
        <Field id={`${id}-days`} label="Suspend for" error={errors.days}>
          <NativeSelect
            {...fieldAria(`${id}-days`, errors.days)}
            value={days}
            onChange={(e) => setDays(Number(e.target.value))}
          >
            {SUSPENSION_DAY_CHOICES.map((d) => (
              <option key={d} value={d}>
                {d === 1 ? '1 day' : `${d} days`}
              </option>
            ))}
          </NativeSelect>
        </Field>
      )}

      <Field
        id={reasonId}
        label="Reason"
        hint="Shown to the member when they try to sign in, and kept in the audit log."
        error={errors.reason}
      >
        <Textarea
          {...fieldAria(reasonId, errors.reason, true)}
          value={reason}
          maxLength={MODERATION_REASON_MAX_LENGTH}
          onChange={(e) => setReason(e.target.value)}
        />
      </Field>

      <DialogActions>
        <Button type="submit" variant="destructive" disabled={create.isPending}>
          {create.isPending ? 'Saving...' : kind === 'ban' ? 'Ban Member' : 'Suspend Member'}
        </Button>
      </DialogActions>
    </form>
  );
}
