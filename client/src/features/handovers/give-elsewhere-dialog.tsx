import {
  AlertDialog,
  AlertDialogContent,
  AlertDialogActions,
} from '../../components/ui/alert-dialog';
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
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent
        title={t('giveElsewhere.title')}
        description={t('giveElsewhere.text', { title: starter.title })}
      >
        <AlertDialogActions cancel={t('cancel')}>
          <Button disabled={give.isPending} onClick={confirm}>
            {t('giveElsewhere.action')}
          </Button>
        </AlertDialogActions>
      </AlertDialogContent>
    </AlertDialog>
  );
}
