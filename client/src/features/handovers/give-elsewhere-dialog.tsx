import { ConfirmDialog } from '../../components/ui/alert-dialog';
import { useTranslation } from 'react-i18next';
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
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('giveElsewhere.title')}
      description={t('giveElsewhere.text', { title: starter.title })}
      cancel={t('cancel')}
      action={t('giveElsewhere.action')}
      busy={give.isPending}
      onConfirm={confirm}
    />
  );
}
