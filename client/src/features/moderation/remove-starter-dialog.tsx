import * as AlertDialog from '@radix-ui/react-alert-dialog';
import type { ReportItem } from '../../../../common/reports';
import { Button } from '../../components/ui/button';
import { useReturnFocus } from '../../lib/return-focus';
import { useRemoveStarter } from './moderation-api';

/** A moderator's "Remove Starter", confirmed: members no longer see it, the report is resolved. */
export function RemoveStarterDialog({
  report,
  open,
  onOpenChange,
  onRemoved,
  onFailed,
}: {
  report: ReportItem;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onRemoved: () => void;
  onFailed: (err: unknown) => void;
}) {
  const remove = useRemoveStarter();
  const returnFocus = useReturnFocus();
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <AlertDialog.Content
          {...returnFocus}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-border bg-surface p-6 shadow-xl"
        >
          <AlertDialog.Title className="text-lg font-semibold">Remove Starter</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-muted">
            Are you sure you want to remove &ldquo;{report.starter.title}&rdquo;? Members will no
            longer see it, and this report will be resolved.
          </AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="outline">Cancel</Button>
            </AlertDialog.Cancel>
            <Button
              variant="destructive"
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(
                  { id: report.id },
                  {
                    onSuccess: () => {
                      onOpenChange(false);
                      onRemoved();
                    },
                    onError: onFailed,
                  },
                )
              }
            >
              Remove Starter
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
