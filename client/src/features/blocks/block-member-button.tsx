import { useState } from 'react';
import { ConfirmDialog } from '../../components/ui/alert-dialog';
import { Ban } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { toast, toastError } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { useBlockMember, useBlocks } from './blocks-api';

/**
 * Block or unblock a member, after a confirmation. Private: the member is not told; they can
 * no longer message you or see the Message button on your new listings.
 */
export function BlockMemberButton({ memberId, name }: { memberId: string; name: string }) {
  const { t } = useTranslation('conversations');
  const blocks = useBlocks();
  const change = useBlockMember();
  const [open, setOpen] = useState(false);
  const blocked = !!blocks.data?.some((b) => b.user.id === memberId);
  if (blocks.isPending) return null;

  const confirm = () =>
    change.mutate(
      { memberId, block: !blocked },
      {
        onSuccess: () => {
          setOpen(false);
          toast({
            title: blocked ? t('blocks.unblocked') : t('blocks.blocked'),
            description: blocked
              ? t('blocks.unblockedText', { name })
              : t('blocks.blockedText', { name }),
          });
        },
        onError: (err) => toastError(errorMessage(err, t('blocks.failed'))),
      },
    );

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="ghost" size="sm">
          <Ban className="size-4" aria-hidden />
          {blocked ? t('blocks.unblockName', { name }) : t('blocks.blockName', { name })}
        </Button>
      }
      title={blocked ? t('blocks.unblockQuestion', { name }) : t('blocks.blockQuestion', { name })}
      description={blocked ? t('blocks.unblockText') : t('blocks.blockText')}
      cancel={t('cancel')}
      action={blocked ? t('blocks.unblock') : t('blocks.block')}
      destructive={!blocked}
      busy={change.isPending}
      onConfirm={confirm}
    />
  );
}
