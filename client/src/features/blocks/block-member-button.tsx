import { useState } from 'react';
import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { Ban } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { toast, toastError } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { useBlockMember, useBlocks } from './blocks-api';

/**
 * Block or unblock a member, after a confirmation. Private: the member is not told; they can
 * no longer message you or see the Message button on your new listings.
 */
export function BlockMemberButton({ memberId, name }: { memberId: string; name: string }) {
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
            title: blocked ? 'Unblocked' : 'Blocked',
            description: blocked
              ? `${name} can message you again.`
              : `${name} can no longer message you. They are not told.`,
          });
        },
        onError: (err) => toastError(errorMessage(err, 'Something went wrong. Please try again.')),
      },
    );

  return (
    <AlertDialog.Root open={open} onOpenChange={setOpen}>
      <AlertDialog.Trigger asChild>
        <Button variant="ghost" size="sm">
          <Ban className="size-4" aria-hidden />
          {blocked ? `Unblock ${name}` : `Block ${name}`}
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-border bg-surface p-6 shadow-xl">
          <AlertDialog.Title className="text-lg font-semibold">
            {blocked ? `Unblock ${name}?` : `Block ${name}?`}
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-muted">
            {blocked
              ? 'They will be able to message you about your starters again.'
              : 'They will no longer be able to message you or see the Message button on your new listings. Blocking is private: they are not told, and you can unblock at any time.'}
          </AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="outline">Cancel</Button>
            </AlertDialog.Cancel>
            <Button
              variant={blocked ? 'primary' : 'destructive'}
              disabled={change.isPending}
              onClick={confirm}
            >
              {blocked ? 'Unblock' : 'Block'}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
