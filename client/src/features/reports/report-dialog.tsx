import { useId, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { AlertTriangle } from 'lucide-react';
import { reportReasons } from '../../../../common/catalogue';
import { REPORT_DESCRIPTION_MAX_LENGTH } from '../../../../common/constants';
import { createReportSchema } from '../../../../common/reports';
import type { Starter } from '../../../../common/starters';
import { Button } from '../../components/ui/button';
import { Dialog, DialogActions, DialogContent } from '../../components/ui/dialog';
import {
  CharacterCount,
  Field,
  fieldAria,
  RadioCardsField,
  Textarea,
} from '../../components/ui/form-controls';
import { toast, toastError } from '../../components/ui/toast';
import { ApiError, errorMessage } from '../../lib/api';
import { useZodForm, showServerFieldErrors } from '../../lib/use-zod-form';
import { useCurrentUser } from '../../lib/current-user';
import { useCreateReport } from './reports-api';

export interface ReportDialogProps {
  starter: Starter;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The starter as its own feature shows it; the page composes it in. */
  summary: ReactNode;
  /** Signed out: the ways in (Sign In, Create Account), composed in by the page. */
  signInChoices: ReactNode;
}

/** Report Post dialog (spec §2); signed-out visitors get the 'Sign In Required' variant. */
export function ReportDialog({
  starter,
  open,
  onOpenChange,
  summary,
  signInChoices,
}: ReportDialogProps) {
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
          <DialogActions>{signInChoices}</DialogActions>
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
  const form = useZodForm(createReportSchema, {
    defaultValues: { starterId: starter.id, reason: undefined, description: '' },
  });
  const submit = useCreateReport();
  const reason = useWatch({ control: form.control, name: 'reason' });
  const description = useWatch({ control: form.control, name: 'description' }) ?? '';
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit((input) =>
    submit.mutate(input, {
      onSuccess: () => {
        toast({
          title: 'Report submitted',
          description: "Thank you for helping keep our community safe. We'll review this report.",
        });
        onDone();
      },
      onError: (err) => {
        if (err instanceof ApiError && err.status === 401) {
          toastError('You need to sign in to report posts.', 'Sign in required');
          return;
        }
        showServerFieldErrors(form, err, ['reason', 'description']);
        toastError(errorMessage(err, 'Failed to submit report'));
      },
    }),
  );

  const detailsRequired = reason === 'other';
  const detailsId = `${id}-details`;
  const countId = `${detailsId}-count`;

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      {summary}

      <RadioCardsField
        form={form}
        name="reason"
        id={`${id}-reason`}
        legend="Why are you reporting this post?"
        options={reportReasons}
        onChosen={() => form.clearErrors('description')}
      />

      {reason && (
        <Field
          id={detailsId}
          label={<>Additional Details{detailsRequired && ' (Required)'}</>}
          error={errors.description?.message}
        >
          <Textarea
            {...fieldAria(detailsId, errors.description?.message)}
            aria-describedby={errors.description ? `${detailsId}-error` : countId}
            maxLength={REPORT_DESCRIPTION_MAX_LENGTH}
            required={detailsRequired}
            placeholder="Please provide more details about the issue..."
            {...form.register('description')}
          />
          {!errors.description && (
            <CharacterCount
              id={countId}
              length={description.length}
              max={REPORT_DESCRIPTION_MAX_LENGTH}
            />
          )}
        </Field>
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
