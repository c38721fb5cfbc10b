import type { Starter } from '../../../../common/starters';
import { Button } from '../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../components/ui/dialog';

export interface MessageOwnerDialogProps {
  starter: Starter;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Message Starter Owner dialog (spec §2). */
export function MessageOwnerDialog({ starter, open, onOpenChange }: MessageOwnerDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Message Starter Owner" description={starter.title}>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
      </DialogContent>
    </Dialog>
  );
}
