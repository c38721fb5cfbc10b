import type { ReactNode } from 'react';
import { AlertTriangle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { createReportSchema } from '../../../../common/moderation/reports';
import type { Starter } from '../../../../common/listings/starters';
import { Dialog, DialogActions, DialogContent } from '../../components/ui/dialog';
import { ReportReasonFields, ReportSubmit } from '../../lib/report-fields';
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
  const { t } = useTranslation('conversations');
  const { user } = useCurrentUser();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {user ? (
        <DialogContent title={t('report.postTitle')} description={t('report.postDescription')}>
          {/* Remounts on every opening so a cancelled report starts afresh. */}
          {open && (
            <ReportForm starter={starter} summary={summary} onDone={() => onOpenChange(false)} />
          )}
        </DialogContent>
      ) : (
        <DialogContent title={t('report.signInTitle')} description={t('report.signInText')}>
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
  const { t } = useTranslation('conversations');
  const form = useZodForm(createReportSchema, {
    defaultValues: { starterId: starter.id, reason: undefined, description: '' },
  });
  const submit = useCreateReport();

  const onSubmit = form.handleSubmit((input) =>
    submit.mutate(input, {
      onSuccess: () => {
        toast({
          title: t('report.submitted'),
          description: t('report.thanksPost'),
        });
        onDone();
      },
      onError: (err) => {
        if (err instanceof ApiError && err.status === 401) {
          toastError(t('report.signInText'), t('report.signInToast'));
          return;
        }
        showServerFieldErrors(form, err, ['reason', 'description']);
        toastError(errorMessage(err, t('report.failed')));
      },
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      {summary}

      <ReportReasonFields form={form} legend={t('report.whyPost')} />

      <div className="flex gap-3 rounded-xl border border-border bg-accent-soft/50 p-3 text-sm">
        <AlertTriangle className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden />
        <p>{t('report.warning')}</p>
      </div>

      <ReportSubmit pending={submit.isPending} />
    </form>
  );
}
