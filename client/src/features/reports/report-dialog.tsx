import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, LogIn } from 'lucide-react';
import { reportReasons } from '../../../../common/catalogue';
import { REPORT_DESCRIPTION_MAX_LENGTH } from '../../../../common/constants';
import { createReportSchema, type CreateReportInput } from '../../../../common/reports';
import type { Starter } from '../../../../common/starters';
import { Button } from '../../components/ui/button';
import { Dialog, DialogActions, DialogContent } from '../../components/ui/dialog';
import { Label, Textarea } from '../../components/ui/form-controls';
import { toast, toastError } from '../../components/ui/toast';
import { ApiError, apiRequest, errorMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import { useCurrentUser } from '../../lib/current-user';

export interface ReportDialogProps {
  starter: Starter;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The starter as its own feature shows it; the page composes it in. */
  summary: ReactNode;
}

/** Report Post dialog (spec §2); signed-out visitors get the 'Sign In Required' variant. */
export function ReportDialog({ starter, open, onOpenChange, summary }: ReportDialogProps) {
  const { user } = useCurrentUser();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {user ? (
        <DialogContent
          title="Report Post"
          description="Help us understand what is wrong with this post."
        >
          {/* Remounts on every opening so a cancelled report starts afresh. */}
          {open && (
            <ReportForm starter={starter} summary={summary} onDone={() => onOpenChange(false)} />
          )}
        </DialogContent>
      ) : (
        <DialogContent title="Sign In Required" description="You need to sign in to report posts.">
          <DialogActions>
            <Button asChild>
              <a href="/api/login">
                <LogIn className="size-4" aria-hidden />
                Sign In
              </a>
            </Button>
          </DialogActions>
        </DialogContent>
      )}
    </Dialog>
  );
}

function ReportForm({
  starter,
  summary,
  onDone,
}: {
  starter: Starter;
  summary: ReactNode;
  onDone: () => void;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState<string>('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; description?: string }>({});

  const submit = useMutation({
    mutationFn: (body: CreateReportInput) => apiRequest('/api/reports', { method: 'POST', body }),
    onSuccess: () => {
      toast({
        title: 'Report submitted',
        description: "Thank you for helping keep our community safe. We'll review this report.",
      });
      void queryClient.invalidateQueries({
        predicate: (q) => String(q.queryKey[0]).startsWith('/api/reports'),
      });
      onDone();
    },
    onError: (err) => {
      if (err instanceof ApiError && err.status === 401) {
        toastError('You need to sign in to report posts.', 'Sign in required');
        return;
      }
      if (err instanceof ApiError && err.fields) setErrors(err.fields);
      toastError(errorMessage(err, 'Failed to submit report'));
    },
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const input = { starterId: starter.id, reason, description };
    const parsed = createReportSchema.safeParse(input);
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === 'reason' && !next.reason) next.reason = issue.message;
        if (field === 'description' && !next.description) next.description = issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    submit.mutate(input as CreateReportInput);
  }

  const detailsRequired = reason === 'other';
  const reasonErrorId = `${id}-reason-error`;
  const detailsId = `${id}-details`;

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      {summary}

      <fieldset
        aria-describedby={errors.reason ? reasonErrorId : undefined}
        aria-invalid={errors.reason ? true : undefined}
      >
        <legend className="mb-2 text-sm font-medium">Why are you reporting this post?</legend>
        <div className="grid gap-2">
          {reportReasons.map((r) => (
            <label
              key={r.value}
              className={cn(
                'flex cursor-pointer items-start gap-3 rounded-xl border border-border p-3 transition-colors hover:bg-surface-muted',
                reason === r.value && 'border-accent bg-accent-soft/60',
              )}
            >
              <input
                type="radio"
                name={`${id}-reason`}
                value={r.value}
                checked={reason === r.value}
                onChange={() => {
                  setReason(r.value);
                  setErrors((e) => ({ ...e, reason: undefined, description: undefined }));
                }}
                className="mt-1 size-4 accent-[var(--accent)]"
              />
              <span>
                <span className="block text-sm font-medium">{r.label}</span>
                {r.hint && <span className="block text-xs text-muted">{r.hint}</span>}
              </span>
            </label>
          ))}
        </div>
        {errors.reason && (
          <p id={reasonErrorId} role="alert" className="mt-2 text-sm text-danger">
            {errors.reason}
          </p>
        )}
      </fieldset>

      {reason && (
        <div className="grid gap-1.5">
          <Label htmlFor={detailsId}>Additional Details{detailsRequired && ' (Required)'}</Label>
          <Textarea
            id={detailsId}
            value={description}
            maxLength={REPORT_DESCRIPTION_MAX_LENGTH}
            required={detailsRequired}
            aria-invalid={errors.description ? true : undefined}
            aria-describedby={errors.description ? `${detailsId}-error` : `${detailsId}-count`}
            placeholder="Please provide more details about the issue..."
            onChange={(e) => {
              setDescription(e.target.value);
              if (errors.description) setErrors((x) => ({ ...x, description: undefined }));
            }}
          />
          {errors.description ? (
            <p id={`${detailsId}-error`} role="alert" className="text-sm text-danger">
              {errors.description}
            </p>
          ) : (
            <p id={`${detailsId}-count`} className="text-right text-xs text-muted">
              {description.length}/{REPORT_DESCRIPTION_MAX_LENGTH}
            </p>
          )}
        </div>
      )}

      <div className="flex gap-3 rounded-xl border border-border bg-accent-soft/50 p-3 text-sm">
        <AlertTriangle className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden />
        <p>
          False reports may result in account restrictions. Only report content that genuinely
          violates our community guidelines.
        </p>
      </div>

      <DialogActions>
        <Button type="submit" variant="destructive" disabled={submit.isPending}>
          {submit.isPending ? 'Submitting...' : 'Submit Report'}
        </Button>
      </DialogActions>
    </form>
  );
}
