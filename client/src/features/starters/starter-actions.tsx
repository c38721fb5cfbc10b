import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ui/alert-dialog';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import {
  CheckCircle2,
  Copy,
  Flag,
  Gift,
  MoreVertical,
  Pencil,
  Printer,
  Share2,
  Trash2,
} from 'lucide-react';
import type { Starter } from '../../../../common/listings/starters';
import { Button } from '../../components/ui/button';
import { Menu, menuItemClass as menuItem } from '../../components/ui/menu';
import { toast, toastError } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { useMessageText } from '../../lib/message-text';
import { cn } from '../../lib/cn';
import { useStarterDialogs } from './starter-dialogs';
import { useDeleteStarter, useMarkClaimed } from './starters-api';
import { useShareStarter } from './share-starter';
import { JarLabelsDialog } from './jar-labels-dialog';
import { paths } from '../../lib/paths';

/**
 * The three-dot menu of a card or the detail page: 'Share' for everyone, 'Edit', 'Mark as
 * Claimed' (or 'Post Again' once claimed) and 'Delete' for the owner, 'Report Post' for other
 * signed-in members.
 */
export function StarterActionsMenu({
  starter,
  isOwner,
  afterDelete,
  className,
}: {
  starter: Starter;
  isOwner: boolean;
  /** 'browse' sends the member to /browse once deleted (the detail page). */
  afterDelete?: 'browse';
  className?: string;
}) {
  const { t } = useTranslation('starters');
  const say = useMessageText();
  const navigate = useNavigate();
  const markClaimed = useMarkClaimed();
  const deleteStarter = useDeleteStarter();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [reportOpen, setReportOpen] = useState(false);
  const [giveOpen, setGiveOpen] = useState(false);
  const [labelsOpen, setLabelsOpen] = useState(false);
  const { ReportDialog, GiveElsewhereDialog } = useStarterDialogs();
  const share = useShareStarter();

  const claim = () =>
    markClaimed.mutate(starter.id, {
      onSuccess: () => toast({ title: t('toast.success'), description: t('toast.updated') }),
      onError: (err) => toastError(say(errorMessage(err, t('toast.updateFailed'))), say('Error')),
    });

  // A promise rather than mutate's callbacks: the refreshed list removes this card (and this
  // menu) before they would run, and callbacks of an unmounted component never run.
  const remove = () =>
    deleteStarter.mutateAsync(starter.id).then(
      () => {
        setConfirmOpen(false);
        toast({ title: t('toast.success'), description: t('toast.deleted') });
        if (afterDelete === 'browse') void navigate(paths.browse);
      },
      (err: unknown) => toastError(say(errorMessage(err, t('toast.deleteFailed'))), say('Error')),
    );

  return (
    <>
      <Menu
        sideOffset={4}
        className="min-w-44"
        trigger={
          <Button
            variant="ghost"
            size="icon"
            aria-label={t('actions.label', { title: starter.title })}
            className={cn('size-9', className)}
          >
            <MoreVertical className="size-5" aria-hidden />
          </Button>
        }
      >
        <DropdownMenu.Item className={menuItem} onSelect={() => void share(starter)}>
          <Share2 className="size-4" aria-hidden />
          {t('share.button')}
        </DropdownMenu.Item>
        {isOwner ? (
          <>
            <DropdownMenu.Item
              className={menuItem}
              onSelect={() => void navigate(paths.editStarter.href(starter.id))}
            >
              <Pencil className="size-4" aria-hidden />
              {t('actions.edit')}
            </DropdownMenu.Item>
            {starter.isClaimed && (
              <DropdownMenu.Item
                className={menuItem}
                onSelect={() => void navigate(paths.postAgain.href(starter.id))}
              >
                <Copy className="size-4" aria-hidden />
                {t('actions.postAgain')}
              </DropdownMenu.Item>
            )}
            {!starter.isClaimed && (
              <DropdownMenu.Item
                className={menuItem}
                disabled={markClaimed.isPending}
                onSelect={claim}
              >
                <CheckCircle2 className="size-4" aria-hidden />
                {t('actions.markClaimed')}
              </DropdownMenu.Item>
            )}
            {!starter.isClaimed && (
              <DropdownMenu.Item className={menuItem} onSelect={() => setLabelsOpen(true)}>
                <Printer className="size-4" aria-hidden />
                {t('labels.menu')}
              </DropdownMenu.Item>
            )}
            {!starter.isClaimed && GiveElsewhereDialog && (
              <DropdownMenu.Item className={menuItem} onSelect={() => setGiveOpen(true)}>
                <Gift className="size-4" aria-hidden />
                {t('actions.givenElsewhere')}
              </DropdownMenu.Item>
            )}
            <DropdownMenu.Item
              className={cn(menuItem, 'text-danger')}
              onSelect={() => setConfirmOpen(true)}
            >
              <Trash2 className="size-4" aria-hidden />
              {t('actions.delete')}
            </DropdownMenu.Item>
          </>
        ) : (
          <DropdownMenu.Item className={menuItem} onSelect={() => setReportOpen(true)}>
            <Flag className="size-4" aria-hidden />
            {t('actions.report')}
          </DropdownMenu.Item>
        )}
      </Menu>

      {isOwner && labelsOpen && (
        <JarLabelsDialog starter={starter} open={labelsOpen} onOpenChange={setLabelsOpen} />
      )}
      {isOwner && (
        <ConfirmDialog
          open={confirmOpen}
          onOpenChange={setConfirmOpen}
          title={t('actions.confirmTitle')}
          description={t('actions.confirmBody')}
          cancel={t('actions.cancel')}
          action={t('actions.delete')}
          destructive
          busy={deleteStarter.isPending}
          onConfirm={() => void remove()}
        />
      )}
      {isOwner && GiveElsewhereDialog && (
        <GiveElsewhereDialog starter={starter} open={giveOpen} onOpenChange={setGiveOpen} />
      )}
      {!isOwner && (
        <ReportDialog starter={starter} open={reportOpen} onOpenChange={setReportOpen} />
      )}
    </>
  );
}
