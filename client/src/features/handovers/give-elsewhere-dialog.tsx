import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { toast, toastError } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { useMarkGiven } from './handovers-api';

/** From the owner's menu: one portion went to someone not on CultureShare. */
export function GiveElsewhereDialog({
  starter,
  open,
  onOpenChange,
}: {
  starter: { id: number; title: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('conversations');
  const give = useMarkGiven();
  const confirm = () =>
    give.mutate(
      { starterId: starter.id, memberId: null },
      {
        onSuccess: () => {
          onOpenChange(false);
          toast({ title: t('giveElsewhere.marked'), description: t('giveElsewhere.thanks') });
        },
        onError: (err) => toastError(errorMessage(err, t('giveElsewhere.failed'))),
      },
    );
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-border bg-surface p-6 shadow-xl">
          <AlertDialog.Title className="text-lg font-semibold">
            {t('giveElsewhere.title')}
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-muted">
            {t('giveElsewhere.text', { title: starter.title })}
          </AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="outline">{t('cancel')}</Button>
            </AlertDialog.Cancel>
            <Button disabled={give.isPending} onClick={confirm}>
              {t('giveElsewhere.action')}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
