import { useState } from 'react';
import * as AlertDialog from '@radix-ui/react-alert-dialog';
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
    <AlertDialog.Root open={open} onOpenChange={setOpen}>
      <AlertDialog.Trigger asChild>
        <Button variant="ghost" size="sm">
          <Ban className="size-4" aria-hidden />
          {blocked ? t('blocks.unblockName', { name }) : t('blocks.blockName', { name })}
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-border bg-surface p-6 shadow-xl">
          <AlertDialog.Title className="text-lg font-semibold">
            {blocked ? t('blocks.unblockQuestion', { name }) : t('blocks.blockQuestion', { name })}
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-muted">
            {blocked ? t('blocks.unblockText') : t('blocks.blockText')}
          </AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="outline">{t('cancel')}</Button>
            </AlertDialog.Cancel>
            <Button
              variant={blocked ? 'primary' : 'destructive'}
              disabled={change.isPending}
              onClick={confirm}
            >
              {blocked ? t('blocks.unblock') : t('blocks.block')}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
