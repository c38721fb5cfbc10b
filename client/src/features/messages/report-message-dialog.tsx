import { useTranslation } from 'react-i18next';
import type { Message } from '../../../../common/conversations/messages';
import { messageReportSchema } from '../../../../common/moderation/reports';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { ReportReasonFields, ReportSubmit } from '../../lib/report-fields';
import { toast, toastError } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { showServerFieldErrors, useZodForm } from '../../lib/use-zod-form';
import { useReportMessage } from './messages-api';

/** Report Message: the reasons of a post's report, about one message someone sent. */
export function ReportMessageDialog({
  message,
  senderName,
  onOpenChange,
}: {
  message: Message | null;
  senderName: string;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('conversations');
  return (
    <Dialog open={!!message} onOpenChange={onOpenChange}>
      {message && (
        <DialogContent
          title={t('report.messageTitle')}
          description={t('report.messageDescription')}
        >
          <ReportMessageForm
            message={message}
            senderName={senderName}
            onDone={() => onOpenChange(false)}
          />
        </DialogContent>
      )}
    </Dialog>
  );
}

function ReportMessageForm({
  message,
  senderName,
  onDone,
}: {
  message: Message;
  senderName: string;
  onDone: () => void;
}) {
  const { t } = useTranslation('conversations');
  const form = useZodForm(messageReportSchema, {
    defaultValues: { reason: undefined, description: '' },
  });
  const submit = useReportMessage();

  const onSubmit = form.handleSubmit((input) =>
    submit.mutate(
      { messageId: message.id, ...input },
      {
        onSuccess: () => {
          toast({
            title: t('report.submitted'),
            description: t('report.thanksMessage'),
          });
          onDone();
        },
        onError: (err) => {
          showServerFieldErrors(form, err, ['reason', 'description']);
          toastError(errorMessage(err, t('report.failed')));
        },
      },
    ),
  );

  const photoCount = message.photos?.length ?? 0;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      <blockquote className="rounded-xl border border-border bg-surface-muted p-3 text-sm">
        <p className="font-medium">{t('report.wrote', { name: senderName })}</p>
        {message.content && (
          <p className="mt-1 wrap-anywhere whitespace-pre-wrap">{message.content}</p>
        )}
        {photoCount > 0 && (
          <p className="mt-1 text-muted">{t('report.withPhotos', { count: photoCount })}</p>
        )}
      </blockquote>

      <ReportReasonFields form={form} legend={t('report.whyMessage')} />

      <ReportSubmit pending={submit.isPending} />
    </form>
  );
}
