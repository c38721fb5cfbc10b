import type { Starter } from '../../../../common/starters';
import { Button } from '../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../components/ui/dialog';

export interface ReportDialogProps {
  starter: Starter;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Report Post dialog (spec §2). */
export function ReportDialog({ starter, open, onOpenChange }: ReportDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Report Post" description={starter.title}>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
      </DialogContent>
    </Dialog>
  );
}
